// The detector's picture work 32 pixels at a time, for processors with AVX2: the background
// model's update and its foreground bits (update_model), halving the picture and comparing it
// with the last (reduce_picture, Background.cpp), shifting the picture onto a moving camera's
// model (shift_region, PictureAlignment.cpp) and the unmoved picture's sampled difference from
// the last (mismatch, ModelWarp.cpp). Each does the same integer arithmetic as its 16-pixel
// loop, lane for lane, and is chosen at run time (bt_detector::wide), so that the program still
// runs on a processor without AVX2.
#include "DetectorState.hpp"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

bool has_wide_vectors() {
    static const bool available = __builtin_cpu_supports("avx2");
    return available;
}

namespace {
/// a > b, unsigned, as a lane mask: a − b (saturated) is nonzero.
__attribute__((target("avx2"))) inline __m256i greater(__m256i a, __m256i b) {
    return _mm256_xor_si256(_mm256_cmpeq_epi8(_mm256_subs_epu8(a, b), _mm256_setzero_si256()), _mm256_set1_epi8(-1));
}
__attribute__((target("avx2"))) inline __m256i absolute_difference(__m256i a, __m256i b) {
    return _mm256_or_si256(_mm256_subs_epu8(a, b), _mm256_subs_epu8(b, a));
}
}  // namespace

__attribute__((target("avx2"))) int update_row_wide(const RowUpdate &r, bool &any) {
    const __m256i one = _mm256_set1_epi8(1), low = _mm256_set1_epi8(char(r.low)), high = _mm256_set1_epi8(char(r.high));
    const __m256i settled = _mm256_set1_epi8(char(r.settled));
    const __m256i refresh = _mm256_set1_epi8(r.refreshing ? char(0xFF) : 0);
    __m256i seen = _mm256_setzero_si256();
    int x = 0;
    for (; x + 32 <= r.width; x += 32) {
        const __m256i value = _mm256_loadu_si256((const __m256i *)(r.in + x));
        __m256i m = _mm256_loadu_si256((const __m256i *)(r.mean + x));
        __m256i t = _mm256_loadu_si256((const __m256i *)(r.threshold + x));
        const __m256i difference = absolute_difference(value, m);
        _mm256_storeu_si256((__m256i *)(r.difference + x), difference);
        const __m256i last = _mm256_loadu_si256((const __m256i *)(r.previous + x));
        _mm256_storeu_si256((__m256i *)(r.previous + x), value);
        __m256i age = _mm256_adds_epu8(_mm256_loadu_si256((const __m256i *)(r.still + x)), one);
        age = _mm256_andnot_si256(greater(absolute_difference(value, last), t), age);
        _mm256_storeu_si256((__m256i *)(r.still + x), age);
        const __m256i moving = _mm256_and_si256(greater(difference, t), greater(settled, age));
        const uint32_t bits = uint32_t(_mm256_movemask_epi8(moving));
        std::memcpy(r.foreground + x / 8, &bits, sizeof bits);
        const __m256i step = _mm256_and_si256(_mm256_or_si256(_mm256_xor_si256(moving, _mm256_set1_epi8(-1)), refresh), one);
        m = _mm256_sub_epi8(_mm256_add_epi8(m, _mm256_and_si256(greater(value, m), step)), _mm256_and_si256(greater(m, value), step));
        _mm256_storeu_si256((__m256i *)(r.mean + x), m);
        const __m256i twice = _mm256_adds_epu8(difference, difference);
        const __m256i target = _mm256_adds_epu8(_mm256_adds_epu8(twice, twice), twice);
        t = _mm256_sub_epi8(_mm256_add_epi8(t, _mm256_and_si256(greater(target, t), step)), _mm256_and_si256(greater(t, target), step));
        _mm256_storeu_si256((__m256i *)(r.threshold + x), _mm256_min_epu8(high, _mm256_max_epu8(low, t)));
        // A moving pixel's difference exceeds its threshold (at least 1): it is foreground.
        seen = _mm256_or_si256(seen, moving);
    }
    any = !_mm256_testz_si256(seen, seen);
    return x;
}

__attribute__((target("avx2"))) int halve_row_wide(const uint8_t *upper, const uint8_t *lower, int width, uint8_t *out) {
    // Each pair of neighbours summed into a 16-bit lane by one multiply-add (by one), the two
    // rows' pairs added, rounded and halved twice: (a + b + c + d + 2) >> 2, as halve_row.
    const __m256i ones = _mm256_set1_epi8(1), two = _mm256_set1_epi16(2);
    int x = 0;
    for (; x + 32 <= width; x += 32) {
        const __m256i a0 = _mm256_maddubs_epi16(_mm256_loadu_si256((const __m256i *)(upper + 2 * x)), ones);
        const __m256i a1 = _mm256_maddubs_epi16(_mm256_loadu_si256((const __m256i *)(upper + 2 * x + 32)), ones);
        const __m256i b0 = _mm256_maddubs_epi16(_mm256_loadu_si256((const __m256i *)(lower + 2 * x)), ones);
        const __m256i b1 = _mm256_maddubs_epi16(_mm256_loadu_si256((const __m256i *)(lower + 2 * x + 32)), ones);
        const __m256i s0 = _mm256_srli_epi16(_mm256_add_epi16(_mm256_add_epi16(a0, b0), two), 2);
        const __m256i s1 = _mm256_srli_epi16(_mm256_add_epi16(_mm256_add_epi16(a1, b1), two), 2);
        // packus interleaves the two sources by 128-bit lane: the permute puts them in order.
        _mm256_storeu_si256((__m256i *)(out + x), _mm256_permute4x64_epi64(_mm256_packus_epi16(s0, s1), 0xD8));
    }
    return x;
}

__attribute__((target("avx2"))) int compare_row_wide(const uint8_t *a, const uint8_t *b, int n, uint8_t *copy_to,
                                                     uint8_t strong_change, uint64_t &total, long &strong) {
    // Sums of absolute differences stay in four 64-bit lanes until the end; strong changes are
    // counted in 8-bit lanes (a lane's mask is −1) for at most 255 blocks, then added up.
    const __m256i limit = _mm256_set1_epi8(char(strong_change)), zero = _mm256_setzero_si256();
    __m256i sums = zero;
    int i = 0;
    while (i + 32 <= n) {
        __m256i counts = zero;
        for (int block = 0; block < 255 && i + 32 <= n; ++block, i += 32) {
            const __m256i x = _mm256_loadu_si256((const __m256i *)(a + i)), y = _mm256_loadu_si256((const __m256i *)(b + i));
            if (copy_to) _mm256_storeu_si256((__m256i *)(copy_to + i), x);
            sums = _mm256_add_epi64(sums, _mm256_sad_epu8(x, y));
            counts = _mm256_sub_epi8(counts, greater(absolute_difference(x, y), limit));
        }
        const __m256i counted = _mm256_sad_epu8(counts, zero);
        strong += long(_mm256_extract_epi64(counted, 0) + _mm256_extract_epi64(counted, 1) +
                       _mm256_extract_epi64(counted, 2) + _mm256_extract_epi64(counted, 3));
    }
    total += uint64_t(_mm256_extract_epi64(sums, 0)) + uint64_t(_mm256_extract_epi64(sums, 1)) +
             uint64_t(_mm256_extract_epi64(sums, 2)) + uint64_t(_mm256_extract_epi64(sums, 3));
    return i;
}

__attribute__((target("avx2"))) int skip_background_wide(const uint8_t *row, int x, int width) {
    const __m256i zero = _mm256_setzero_si256();
    for (; x + 32 <= width; x += 32) {
        const uint32_t background = uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(row + x)), zero)));
        if (background != 0xFFFFFFFFu) return x + __builtin_ctz(~background);
    }
    return x;
}

__attribute__((target("avx2"))) int blend_rows_wide(const uint8_t *upper, const uint8_t *lower, int x0, int x1, int wy,
                                                    int16_t *blend) {
    // (upper << 8) + (lower − upper) · wy, wrapping in 16 bits, less 32768: see shift_region.
    const __m256i toward_lower = _mm256_set1_epi16(int16_t(wy)), bias = _mm256_set1_epi16(-32768);
    int x = x0;
    for (; x + 32 <= x1 + 1; x += 32) {
        const __m256i u = _mm256_loadu_si256((const __m256i *)(upper + x)), l = _mm256_loadu_si256((const __m256i *)(lower + x));
        const __m256i halves[2][2] = {{_mm256_cvtepu8_epi16(_mm256_castsi256_si128(u)), _mm256_cvtepu8_epi16(_mm256_castsi256_si128(l))},
                                      {_mm256_cvtepu8_epi16(_mm256_extracti128_si256(u, 1)), _mm256_cvtepu8_epi16(_mm256_extracti128_si256(l, 1))}};
        for (int half = 0; half < 2; ++half) {
            const __m256i a = halves[half][0], b = halves[half][1];
            const __m256i blended = _mm256_add_epi16(_mm256_slli_epi16(a, 8), _mm256_mullo_epi16(_mm256_sub_epi16(b, a), toward_lower));
            _mm256_storeu_si256((__m256i *)(blend + x + 16 * half), _mm256_add_epi16(blended, bias));
        }
    }
    return x;
}

__attribute__((target("avx2"))) int blend_across_wide(const int16_t *blend, int x0, int x1, int wx, uint8_t *out) {
    // blend(x) · (256 − wx) + blend(x + 1) · wx by a multiply-add of pairs, rounded, >> 16. The
    // interleaves and packs work within 128-bit lanes: low halves give pixels 0–3 and 8–11,
    // high halves 4–7 and 12–15, and packing the two puts the sixteen back in order.
    const __m256i weights = _mm256_set1_epi32(int32_t(uint32_t(uint16_t(256 - wx)) | (uint32_t(uint16_t(wx)) << 16)));
    const __m256i round = _mm256_set1_epi32((1 << 23) + (1 << 15));
    int x = x0;
    for (; x + 16 <= x1; x += 16) {
        const __m256i here = _mm256_loadu_si256((const __m256i *)(blend + x)), next = _mm256_loadu_si256((const __m256i *)(blend + x + 1));
        const __m256i low = _mm256_srai_epi32(_mm256_add_epi32(_mm256_madd_epi16(_mm256_unpacklo_epi16(here, next), weights), round), 16);
        const __m256i high = _mm256_srai_epi32(_mm256_add_epi32(_mm256_madd_epi16(_mm256_unpackhi_epi16(here, next), weights), round), 16);
        const __m256i words = _mm256_packs_epi32(low, high);
        const __m256i bytes = _mm256_permute4x64_epi64(_mm256_packus_epi16(words, words), 0x08);
        _mm_storeu_si128((__m128i *)(out + x), _mm256_castsi256_si128(bytes));
    }
    return x;
}

__attribute__((target("avx2"))) int sampled_difference_wide(const uint8_t *a, const uint8_t *b, int x, int end, uint64_t &sum) {
    // The first byte of every four kept, the rest masked to zero in both rows: a sum of
    // absolute differences over 32 bytes then adds exactly the eight samples' differences.
    const __m256i first = _mm256_set1_epi32(0xFF);
    __m256i sums = _mm256_setzero_si256();
    for (; x + 29 <= end; x += 32) {
        const __m256i u = _mm256_and_si256(_mm256_loadu_si256((const __m256i *)(a + x)), first);
        const __m256i v = _mm256_and_si256(_mm256_loadu_si256((const __m256i *)(b + x)), first);
        sums = _mm256_add_epi64(sums, _mm256_sad_epu8(u, v));
    }
    sum += uint64_t(_mm256_extract_epi64(sums, 0)) + uint64_t(_mm256_extract_epi64(sums, 1)) +
           uint64_t(_mm256_extract_epi64(sums, 2)) + uint64_t(_mm256_extract_epi64(sums, 3));
    return x;
}

__attribute__((target("avx2"))) int moved_difference_wide(const uint8_t *row, const uint8_t *last, int width, int height,
                                                          int x, int end, int64_t &sx, int64_t &sy, int64_t step_x,
                                                          int64_t step_y, uint64_t &total, long &count) {
    // Inside: 0 ≤ position < width − 1 (height − 1) in whole pixels, as signed 64-bit compares
    // (the scalar loop's one unsigned test: a negative position is a huge unsigned one).
    const __m256i limit_x = _mm256_set1_epi64x(int64_t(width - 1) << 32), limit_y = _mm256_set1_epi64x(int64_t(height - 1) << 32);
    const __m256i minus_one = _mm256_set1_epi64x(-1), zero = _mm256_setzero_si256();
    const __m256i byte = _mm256_set1_epi64x(0xFF), fraction = _mm256_set1_epi64x(0xFFFF);
    const __m256i w64 = _mm256_set1_epi64x(width);
    __m256i px = _mm256_add_epi64(_mm256_set1_epi64x(sx), _mm256_set_epi64x(3 * step_x, 2 * step_x, step_x, 0));
    __m256i py = _mm256_add_epi64(_mm256_set1_epi64x(sy), _mm256_set_epi64x(3 * step_y, 2 * step_y, step_y, 0));
    const __m256i advance_x = _mm256_set1_epi64x(4 * step_x), advance_y = _mm256_set1_epi64x(4 * step_y);
    __m256i sums = zero;
    long inside = 0;
    // The lower pair is read as the four bytes ending at it (from width − 2 on), so that no read
    // goes past the picture's last pixel; the upper pair as the four bytes it begins.
    const int *upper = reinterpret_cast<const int *>(last);
    const int *lower = reinterpret_cast<const int *>(last + width - 2);
    for (; x + 12 < end; x += 16) {
        const __m256i valid = _mm256_and_si256(
            _mm256_and_si256(_mm256_cmpgt_epi64(px, minus_one), _mm256_cmpgt_epi64(limit_x, px)),
            _mm256_and_si256(_mm256_cmpgt_epi64(py, minus_one), _mm256_cmpgt_epi64(limit_y, py)));
        // Whole pixels (nonnegative where valid; elsewhere the index is 0, read and discarded).
        const __m256i ix = _mm256_and_si256(_mm256_srli_epi64(px, 32), valid), iy = _mm256_and_si256(_mm256_srli_epi64(py, 32), valid);
        const __m256i index = _mm256_add_epi64(_mm256_mul_epu32(iy, w64), ix);
        const __m256i top_pair = _mm256_cvtepu32_epi64(_mm256_i64gather_epi32(upper, index, 1));
        const __m256i bottom_pair = _mm256_cvtepu32_epi64(_mm256_i64gather_epi32(lower, index, 1));
        const __m256i m0 = _mm256_and_si256(top_pair, byte), m1 = _mm256_and_si256(_mm256_srli_epi64(top_pair, 8), byte);
        const __m256i m2 = _mm256_and_si256(_mm256_srli_epi64(bottom_pair, 16), byte), m3 = _mm256_srli_epi64(bottom_pair, 24);
        const __m256i fx = _mm256_and_si256(_mm256_srli_epi64(px, 16), fraction), fy = _mm256_and_si256(_mm256_srli_epi64(py, 16), fraction);
        // (m0 << 16) + fx·(m1 − m0): within 32 bits, signed products of the lanes' low halves.
        const __m256i top = _mm256_add_epi64(_mm256_slli_epi64(m0, 16), _mm256_mul_epi32(fx, _mm256_sub_epi64(m1, m0)));
        const __m256i bottom = _mm256_add_epi64(_mm256_slli_epi64(m2, 16), _mm256_mul_epi32(fx, _mm256_sub_epi64(m3, m2)));
        const __m256i blended = _mm256_add_epi64(_mm256_slli_epi64(top, 16), _mm256_mul_epi32(fy, _mm256_sub_epi64(bottom, top)));
        // This picture's samples: bytes 0, 4, 8 and 12 of the next sixteen.
        const __m128i here = _mm_and_si128(_mm_loadu_si128(reinterpret_cast<const __m128i *>(row + x)), _mm_set1_epi32(0xFF));
        const __m256i value = _mm256_slli_epi64(_mm256_cvtepu32_epi64(here), 32);
        const __m256i difference = _mm256_sub_epi64(value, blended);
        const __m256i sign = _mm256_cmpgt_epi64(zero, difference);
        const __m256i magnitude = _mm256_sub_epi64(_mm256_xor_si256(difference, sign), sign);
        sums = _mm256_add_epi64(sums, _mm256_and_si256(magnitude, valid));
        inside += __builtin_popcount(unsigned(_mm256_movemask_pd(_mm256_castsi256_pd(valid))));
        px = _mm256_add_epi64(px, advance_x);
        py = _mm256_add_epi64(py, advance_y);
    }
    total += uint64_t(_mm256_extract_epi64(sums, 0)) + uint64_t(_mm256_extract_epi64(sums, 1)) +
             uint64_t(_mm256_extract_epi64(sums, 2)) + uint64_t(_mm256_extract_epi64(sums, 3));
    count += inside;
    sx = _mm256_extract_epi64(px, 0);
    sy = _mm256_extract_epi64(py, 0);
    return x;
}

#else

int moved_difference_wide(const uint8_t *, const uint8_t *, int, int, int x, int, int64_t &, int64_t &, int64_t, int64_t,
                          uint64_t &, long &) {
    return x;
}
int sampled_difference_wide(const uint8_t *, const uint8_t *, int x, int, uint64_t &) { return x; }
int blend_rows_wide(const uint8_t *, const uint8_t *, int x0, int, int, int16_t *) { return x0; }
int blend_across_wide(const int16_t *, int x0, int, int, uint8_t *) { return x0; }
int skip_background_wide(const uint8_t *, int x, int) { return x; }
bool has_wide_vectors() { return false; }
int update_row_wide(const RowUpdate &, bool &any) { any = false; return 0; }
int halve_row_wide(const uint8_t *, const uint8_t *, int, uint8_t *) { return 0; }
int compare_row_wide(const uint8_t *, const uint8_t *, int, uint8_t *, uint8_t, uint64_t &, long &) { return 0; }

#endif
