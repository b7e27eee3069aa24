// The fuzzers' input, read as a stream of small choices.
#pragma once
#include <cstddef>
#include <cstdint>

/// Reads the fuzzer's bytes in order; zeros once they run out.
struct FuzzBytes {
    const uint8_t *data;
    size_t size, at = 0;
    uint8_t next() { return at < size ? data[at++] : 0; }
    /// A whole number in low…high.
    int in(int low, int high) { return low + next() % (high - low + 1); }
    size_t left() const { return size - at; }
};
