// A coverage-guided fuzzer (libFuzzer) for the C ABI's frame-input validation: the calls that
// take a caller's planes with their sizes and strides, the overlay composited onto YUV 4:2:0
// planes and the tracer's picture copied from packed RGB rows. Any size, any stride (shorter
// than a row, negative, far longer), any drawing. What must hold: a call either refuses with a
// message, or reads and writes only the planes it was given (AddressSanitizer: each plane is
// allocated to exactly its rows × stride), and never leaves undefined behaviour (UBSan). Built
// and run by scripts/fuzz-detector.sh; seeds in Tests/Fuzz/frame-input-corpus.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "FuzzBytes.hpp"
#include "balltrace_vision.h"

namespace {

using Bytes = FuzzBytes;

void fail(const char *what) {
    std::fprintf(stderr, "frame-input fuzzer: %s\n", what);
    std::abort();
}

/// A plane of `rows` rows `stride` bytes apart, allocated to exactly that (one row when the
/// stride is not positive, which a call must refuse rather than read).
std::vector<uint8_t> plane(int rows, ptrdiff_t stride) {
    return std::vector<uint8_t>(size_t(stride > 0 ? stride : 1) * size_t(rows > 0 ? rows : 1), 0x80);
}

void overlay(Bytes &in) {
    const int width = in.in(-1, 80), height = in.in(-1, 60);
    char message[256] = {0};
    bt_overlay *o = nullptr;
    if (bt_overlay_create(width, height, &o, message, sizeof message) != BT_OK) {
        if (message[0] == 0 || o != nullptr) fail("overlay refused without a message, or with an overlay");
        return;
    }
    const int points = in.in(0, 6);
    std::vector<double> xy;
    for (int i = 0; i < 2 * points; ++i) xy.push_back(double(in.in(0, 255)) - 64);
    message[0] = 0;
    if (bt_overlay_polyline(o, xy.data(), points, in.next() & 1, in.next(), in.next(), in.next(), in.in(0, 12) / 2.0,
                            message, sizeof message) != BT_OK && message[0] == 0) fail("polyline refused without a message");
    message[0] = 0;
    if (bt_overlay_finish(o, message, sizeof message) != BT_OK && message[0] == 0) fail("finish refused without a message");
    // Strides about the rows' lengths: shorter, equal, longer, or not positive.
    const ptrdiff_t chroma = (width + 1) / 2;
    const ptrdiff_t ys = width + in.in(-3, 8), us = chroma + in.in(-3, 8), vs = chroma + in.in(-3, 8);
    std::vector<uint8_t> y = plane(height, ys), u = plane((height + 1) / 2, us), v = plane((height + 1) / 2, vs);
    message[0] = 0;
    const bool missing = in.next() < 8;
    const int status = bt_overlay_composite_yuv420(o, y.data(), ys, missing ? nullptr : u.data(), us, v.data(), vs,
                                                   message, sizeof message);
    const bool valid = !missing && ys >= width && us >= chroma && vs >= chroma;
    if (status != BT_OK && message[0] == 0) fail("composite refused without a message");
    if (status == BT_OK && !valid) fail("composite accepted planes too short for the overlay");
    bt_overlay_destroy(o);
}

void picture(Bytes &in) {
    const int width = in.in(-1, 64), height = in.in(-1, 48);
    const ptrdiff_t stride = ptrdiff_t(width) * 3 + in.in(-4, 12);
    std::vector<uint8_t> rgb = plane(height, stride);
    for (size_t i = 0; i < rgb.size(); ++i) rgb[i] = uint8_t(in.next() ^ i);
    char message[256] = {0};
    bt_picture *p = nullptr;
    const int status = bt_picture_create(rgb.data(), stride, width, height, in.in(-5, 5), &p, message, sizeof message);
    if (status != BT_OK) {
        if (message[0] == 0 || p != nullptr) fail("picture refused without a message, or with a picture");
        return;
    }
    if (width <= 0 || height <= 0 || stride < ptrdiff_t(width) * 3) fail("picture accepted rows shorter than its width");
    const uint8_t *pixels = nullptr;
    ptrdiff_t out_stride = 0;
    int w = 0, h = 0;
    bt_picture_pixels(p, &pixels, &out_stride, &w, &h);
    if (!((w == width && h == height) || (w == height && h == width))) fail("picture of another size");
    volatile uint8_t sum = 0;
    for (int r = 0; r < h; ++r) for (int c = 0; c < 3 * w; ++c) sum = sum + pixels[r * out_stride + c];
    bt_picture_destroy(p);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    Bytes in{data, size};
    if (in.next() & 1) overlay(in); else picture(in);
    return 0;
}
