// The background model's update (update_model, Background.cpp) 32 pixels at a time, for
// processors with AVX2: the same 8-bit arithmetic as the 16-pixel loop, lane for lane, chosen at
// run time so that the program still runs on a processor without it.
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
        _mm256_storeu_si256((__m256i *)(r.contrast + x), _mm256_and_si256(difference, moving));
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

#else

bool has_wide_vectors() { return false; }
int update_row_wide(const RowUpdate &, bool &any) { any = false; return 0; }

#endif
