// Halving a picture: the rounded mean of each 2 × 2 block, the detector's reduction by two and
// each level of the camera-motion pyramid.
#pragma once
#include <cstdint>
#include <opencv2/core.hpp>
#include <opencv2/core/hal/intrin.hpp>

/// halve_row's first outputs 32 at a time with AVX2 (only where the processor has it, see
/// has_wide_vectors in DetectorState.hpp): the same rounded means; returns how many it made.
int halve_row_wide(const uint8_t *upper, const uint8_t *lower, int width, uint8_t *out);

namespace balltrace {

/// One output row of `width` pixels from two input rows `upper` and `lower` (2 × `width` each),
/// from output pixel `from` on (the ones before it done already, 32 at a time: halve_row_wide).
inline void halve_row(const uint8_t *upper, const uint8_t *lower, int width, uint8_t *out, int from = 0) {
    int x = from;
#if CV_SIMD128
    // Sixteen outputs at a time: even and odd columns of both rows, summed in 16-bit lanes.
    const cv::v_uint16x8 two = cv::v_setall_u16(2);
    for (; x + 16 <= width; x += 16) {
        cv::v_uint8x16 a_even, a_odd, b_even, b_odd;
        cv::v_load_deinterleave(upper + 2 * x, a_even, a_odd);
        cv::v_load_deinterleave(lower + 2 * x, b_even, b_odd);
        cv::v_uint16x8 a0, a1, b0, b1, c0, c1, e0, e1;
        cv::v_expand(a_even, a0, a1);
        cv::v_expand(a_odd, b0, b1);
        cv::v_expand(b_even, c0, c1);
        cv::v_expand(b_odd, e0, e1);
        cv::v_store(out + x, cv::v_pack((a0 + b0 + c0 + e0 + two) >> 2, (a1 + b1 + c1 + e1 + two) >> 2));
    }
#endif
    for (; x < width; ++x)
        out[x] = uint8_t((upper[2 * x] + upper[2 * x + 1] + lower[2 * x] + lower[2 * x + 1] + 2) >> 2);
}

}  // namespace balltrace
