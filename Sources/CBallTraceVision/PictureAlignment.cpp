// This picture seen in the model's pixels: shifted, or turned and zoomed, bilinear, once.
#include "DetectorState.hpp"

namespace balltrace::detector {

#if CV_SIMD128
/// Eight bilinear samples in 8-bit fixed point, the arithmetic of the scalar loops in 16- and
/// 32-bit lanes (the same result, pixel for pixel): the four neighbours of each sample (upper
/// left and right, lower left and right) and its weights toward the right and the lower row,
/// each 0…256.
inline cv::v_uint16x8 bilinear8(const cv::v_uint16x8 &upper_left, const cv::v_uint16x8 &upper_right,
                                const cv::v_uint16x8 &lower_left, const cv::v_uint16x8 &lower_right,
                                const cv::v_uint16x8 &toward_right, const cv::v_uint16x8 &toward_lower) {
    const cv::v_uint16x8 full = cv::v_setall_u16(256);
    const cv::v_uint16x8 toward_left = full - toward_right;
    cv::v_uint16x8 upper = cv::v_mul_wrap(upper_left, toward_left) + cv::v_mul_wrap(upper_right, toward_right);
    cv::v_uint16x8 lower = cv::v_mul_wrap(lower_left, toward_left) + cv::v_mul_wrap(lower_right, toward_right);
    cv::v_uint32x4 u0, u1, l0, l1;
    cv::v_mul_expand(upper, full - toward_lower, u0, u1);
    cv::v_mul_expand(lower, toward_lower, l0, l1);
    const cv::v_uint32x4 half = cv::v_setall_u32(1u << 15);
    return cv::v_pack((u0 + l0 + half) >> 16, (u1 + l1 + half) >> 16);
}
#endif

/// A region of this picture, columns [left, right) of rows [top, bottom), moved by (dx, dy)
/// pixels into `d->aligned`: aligned(x, y) = picture(x + dx, y + dy), bilinear with the same
/// 8-bit weights everywhere. Pixels the picture does not cover take the model's mean.
///
/// Down first, then across: each column of the two rows is blended once, for both of the
/// samples that use it. The blend, upper · (256 − wy) + lower · wy, is 0…65280; kept less 32768
/// it fits a signed 16-bit lane, and across the row a multiply-add of pairs (pmaddwd) gives
/// blend(x) · (256 − wx) + blend(x + 1) · wx, less 2²³, in 32 bits. Integers throughout, so each
/// pixel is exactly what blending across first and then down gives (as align_picture does for
/// a turn or zoom too strong for shifted tiles). Where the processor has AVX2, both passes go
/// 32 and 16 pixels at a time first (blend_rows_wide, blend_across_wide), with the same lanes.
static void shift_region(bt_detector *d, int left, int right, int top, int bottom, double dx, double dy) {
    const int w = d->width, h = d->height;
    const int ix = int(std::floor(dx)), iy = int(std::floor(dy));
    const int wx = int(std::lround((dx - ix) * 256)), wy = int(std::lround((dy - iy) * 256));
    const uint8_t *p = d->picture.data();
    int16_t *blend = d->column_blend.data();
    const bool wide = d->wide;
    // Columns whose four neighbours all lie inside the picture.
    const int x0 = std::max(left, -ix), x1 = std::min(right, w - 1 - ix);
    for (int y = top; y < bottom; ++y) {
        uint8_t *out = d->aligned.data() + size_t(y) * w;
        const uint8_t *mean = d->mean.data() + size_t(y) * w;
        const int sy = y + iy;
        if (sy < 0 || sy >= h - 1 || x0 >= x1) {
            std::memcpy(out + left, mean + left, right - left);
            continue;
        }
        std::memcpy(out + left, mean + left, x0 - left);
        std::memcpy(out + x1, mean + x1, right - x1);
        const uint8_t *upper_row = p + size_t(sy) * w + ix, *lower_row = upper_row + w;
        // Down: columns x0…x1 (x1, which may be w, is the right neighbour of the last pixel).
        int x = wide ? blend_rows_wide(upper_row, lower_row, x0, x1, wy, blend) : x0;
#if CV_SIMD128
        {
            // In 16-bit lanes, wrapping: (upper << 8) + (lower − upper) · wy is the blend exactly.
            const cv::v_int16x8 toward_lower = cv::v_setall_s16(int16_t(wy)), bias = cv::v_setall_s16(-32768);
            auto down = [&](int at) {
                cv::v_uint16x8 u[2], l[2];
                cv::v_expand(cv::v_load(upper_row + at), u[0], u[1]);
                cv::v_expand(cv::v_load(lower_row + at), l[0], l[1]);
                for (int half = 0; half < 2; ++half) {
                    const cv::v_int16x8 a = cv::v_reinterpret_as_s16(u[half]), b = cv::v_reinterpret_as_s16(l[half]);
                    const cv::v_int16x8 blended = cv::v_add_wrap(a << 8, cv::v_mul_wrap(cv::v_sub_wrap(b, a), toward_lower));
                    cv::v_store(blend + at + 8 * half, cv::v_add_wrap(blended, bias));
                }
            };
            for (; x + 16 <= x1 + 1; x += 16) down(x);
            // The last few columns of a tile as the last sixteen, again where they overlap: each
            // column's blend depends on its own two pixels only, so a column done twice comes out
            // the same (a tile of a turning camera is a few dozen columns wide, and one by one its
            // last few cost as much as the rest).
            if (x <= x1 && x1 + 1 - x0 >= 16) {
                down(x1 + 1 - 16);
                x = x1 + 1;
            }
        }
#endif
        for (; x <= x1; ++x) blend[x] = int16_t((upper_row[x] << 8) + (lower_row[x] - upper_row[x]) * wy - 32768);
        // Across: pixels x0…x1 − 1.
        x = wide ? blend_across_wide(blend, x0, x1, wx, out) : x0;
        const int rounding = (1 << 23) + (1 << 15);
#if CV_SIMD128
        {
            const cv::v_int16x8 weights(int16_t(256 - wx), int16_t(wx), int16_t(256 - wx), int16_t(wx),
                                        int16_t(256 - wx), int16_t(wx), int16_t(256 - wx), int16_t(wx));
            const cv::v_int32x4 round = cv::v_setall_s32(rounding);
            auto across = [&](int at) {
                cv::v_int16x8 first, second;
                cv::v_zip(cv::v_load(blend + at), cv::v_load(blend + at + 1), first, second);
                cv::v_pack_u_store(out + at, cv::v_pack((cv::v_dotprod(first, weights) + round) >> 16,
                                                        (cv::v_dotprod(second, weights) + round) >> 16));
            };
            for (; x + 8 <= x1; x += 8) across(x);
            // Likewise the last few pixels, as the last eight (each from its own two blends).
            if (x < x1 && x1 - x0 >= 8) {
                across(x1 - 8);
                x = x1;
            }
        }
#endif
        for (; x < x1; ++x) out[x] = uint8_t((blend[x] * (256 - wx) + blend[x + 1] * wx + rounding) >> 16);
    }
}

/// How far the resampling may move a pixel from where the camera's motion puts it, pixels:
/// a turn or zoom is undone by shifting the picture in pieces, each by the motion of its
/// centre, small enough that no pixel of it is off by more than this.
constexpr double kShiftTolerance = 0.2;

/// This picture seen in the model's pixels, through `to_model` (bilinear, once: the picture is
/// never resampled twice). Model pixels the picture does not cover take the model's mean, so
/// they show nothing moving.
void align_picture(bt_detector *d, const balltrace::Similarity &to_model) {
    const int w = d->width, h = d->height;
    make_plane(d, d->aligned);
    if (d->column_blend.empty()) d->column_blend.assign(size_t(w) + 1, 0);
    const balltrace::Similarity to_picture = to_model.inverse();
    const uint8_t *p = d->picture.data();
    // A camera that only slid (its turn and zoom move no corner by a fifth of a pixel more than
    // the centre) is undone with one pair of weights for the whole picture.
    const double half_diagonal = 0.5 * std::hypot(double(w), double(h));
    if ((std::abs(to_picture.a - 1) + std::abs(to_picture.b)) * half_diagonal < kShiftTolerance) {
        double cx, cy;
        to_picture.apply(0.5 * w, 0.5 * h, cx, cy);
        shift_region(d, 0, w, 0, h, cx - 0.5 * w, cy - 0.5 * h);
        return;
    }
    // A slight turn or zoom: square tiles, each shifted by the motion of its centre. The part
    // of the motion a shift leaves out grows with the distance from the centre by |A − I| (a
    // turn and zoom matrix, whose norm is that of its first column).
    const double departure = std::hypot(to_picture.a - 1, to_picture.b);
    const int side = int(std::sqrt(2.0) * kShiftTolerance / departure);
    if (side >= 16) {
        for (int top = 0; top < h; top += side)
            for (int left = 0; left < w; left += side) {
                const int right = std::min(w, left + side), bottom = std::min(h, top + side);
                const double cx = 0.5 * (left + right), cy = 0.5 * (top + bottom);
                double sx, sy;
                to_picture.apply(cx, cy, sx, sy);
                shift_region(d, left, right, top, bottom, sx - cx, sy - cy);
            }
        return;
    }
    for (int y = 0; y < h; ++y) {
        double sx0, sy0;
        to_picture.apply(0.5, y + 0.5, sx0, sy0);
        sx0 -= 0.5;
        sy0 -= 0.5;
        uint8_t *out = d->aligned.data() + size_t(y) * w;
        const uint8_t *mean = d->mean.data() + size_t(y) * w;
        // Source coordinates in 1/65536 pixel, stepped along the row.
        int64_t fxp = std::llround(sx0 * 65536), fyp = std::llround(sy0 * 65536);
        const int64_t step_x = std::llround(to_picture.a * 65536), step_y = std::llround(to_picture.b * 65536);
        const int64_t limit_x = int64_t(w - 1) << 16, limit_y = int64_t(h - 1) << 16;
        // One pixel from source coordinates in 1/65536 pixel.
        auto sample = [&](int64_t sx, int64_t sy, int x) -> uint8_t {
            if (sx < 0 || sy < 0 || sx >= limit_x || sy >= limit_y) return mean[x];
            int ix = int(sx >> 16), iy = int(sy >> 16);
            int fx = int((sx >> 8) & 0xFF), fy = int((sy >> 8) & 0xFF);
            const uint8_t *q = p + size_t(iy) * w + ix;
            int top = q[0] * (256 - fx) + q[1] * fx, bottom = q[w] * (256 - fx) + q[w + 1] * fx;
            return uint8_t((top * (256 - fy) + bottom * fy + (1 << 15)) >> 16);
        };
        int x = 0;
#if CV_SIMD128
        // Eight pixels at a time where all eight lie inside (the coordinates are linear in x, so
        // the block's ends tell), with the arithmetic of the loop below in 16- and 32-bit lanes:
        // the same result, pixel for pixel. The two pixels of each row a sample needs are read
        // as one 16-bit pair.
        const bool fits_lanes = std::max(std::abs(fxp), std::abs(fyp)) < (int64_t(1) << 30) &&
                                std::max(std::abs(step_x), std::abs(step_y)) < (int64_t(1) << 26);
        if (fits_lanes) {
            const cv::v_int32x4 ramp_low(0, 1, 2, 3), ramp_high(4, 5, 6, 7);
            const cv::v_int32x4 vstep_x = cv::v_setall_s32(int(step_x)), vstep_y = cv::v_setall_s32(int(step_y));
            const cv::v_int32x4 width = cv::v_setall_s32(w), byte = cv::v_setall_s32(0xFF);
            const cv::v_uint16x8 low_byte = cv::v_setall_u16(0xFF);
            alignas(16) int top_index[8], bottom_index[8];
            for (; x + 8 <= w; x += 8, fxp += 8 * step_x, fyp += 8 * step_y) {
                const int64_t last_x = fxp + 7 * step_x, last_y = fyp + 7 * step_y;
                if (std::min(fxp, last_x) < 0 || std::min(fyp, last_y) < 0 || std::max(fxp, last_x) >= limit_x ||
                    std::max(fyp, last_y) >= limit_y) {
                    for (int i = 0; i < 8; ++i) out[x + i] = sample(fxp + i * step_x, fyp + i * step_y, x + i);
                    continue;
                }
                const cv::v_int32x4 bx = cv::v_setall_s32(int(fxp)), by = cv::v_setall_s32(int(fyp));
                cv::v_int32x4 cx0 = bx + ramp_low * vstep_x, cx1 = bx + ramp_high * vstep_x;
                cv::v_int32x4 cy0 = by + ramp_low * vstep_y, cy1 = by + ramp_high * vstep_y;
                cv::v_store_aligned(top_index, (cy0 >> 16) * width + (cx0 >> 16));
                cv::v_store_aligned(top_index + 4, (cy1 >> 16) * width + (cx1 >> 16));
                cv::v_store_aligned(bottom_index, cv::v_load_aligned(top_index) + width);
                cv::v_store_aligned(bottom_index + 4, cv::v_load_aligned(top_index + 4) + width);
                cv::v_uint16x8 upper = cv::v_reinterpret_as_u16(cv::v_lut_pairs(p, top_index));
                cv::v_uint16x8 lower = cv::v_reinterpret_as_u16(cv::v_lut_pairs(p, bottom_index));
                cv::v_uint16x8 wx = cv::v_reinterpret_as_u16(cv::v_pack((cx0 >> 8) & byte, (cx1 >> 8) & byte));
                cv::v_uint16x8 wy = cv::v_reinterpret_as_u16(cv::v_pack((cy0 >> 8) & byte, (cy1 >> 8) & byte));
                cv::v_pack_store(out + x, bilinear8(upper & low_byte, upper >> 8, lower & low_byte, lower >> 8, wx, wy));
            }
        }
#endif
        for (; x < w; ++x, fxp += step_x, fyp += step_y) out[x] = sample(fxp, fyp, x);
    }
}

}  // namespace balltrace::detector
