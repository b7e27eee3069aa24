// Following the camera: its motion measured between frames, kept only when it explains the
// picture, and the background model moved by whole pixels once the camera has moved far enough.
#include "DetectorState.hpp"

namespace balltrace::detector {

/// Moves the background model into this frame's pixels: each pixel takes the model's nearest
/// pixel to the point `to_model` maps it to. Nearest, not interpolated: the model is moved again
/// and again as the camera moves, and repeated interpolation would blur it until every edge in
/// the picture stood out from it. Pixels the camera has just brought into view start from this
/// picture, with the initial threshold.
static void warp_model(bt_detector *d, const balltrace::Similarity &to_model) {
    const int w = d->width, h = d->height;
    for (auto *plane : {&d->warped_mean, &d->warped_threshold, &d->warped_previous, &d->warped_still, &d->young, &d->warped_young})
        make_plane(d, *plane);
    if (d->row_young.empty()) {
        d->row_young.assign(size_t(h), 0);
        d->warped_row_young.assign(size_t(h), 0);
    }
    const uint8_t initial = uint8_t(d->config.threshold_initial);
    const uint8_t *mean = d->mean.data(), *previous = d->previous.data();
    const uint8_t *threshold = d->threshold.data(), *still = d->still.data();
    // Local pointers: stores through uint8_t may alias anything, and would otherwise make the
    // compiler reload each vector's buffer for every pixel.
    uint8_t *__restrict out_mean = d->warped_mean.data(), *__restrict out_previous = d->warped_previous.data();
    uint8_t *__restrict out_threshold = d->warped_threshold.data(), *__restrict out_still = d->warped_still.data();
    const uint8_t *young = d->young.data(), *row_young = d->row_young.data();
    uint8_t *__restrict out_young = d->warped_young.data(), *__restrict out_row_young = d->warped_row_young.data();
    // Young pixels lie only in rows flagged as holding some, in either plane (learning clears a
    // row's flag once none is left): the warped plane is cleared where it last held any, and
    // rows of settled pixels are not copied at all.
    for (int y = 0; y < h; ++y)
        if (out_row_young[y]) std::memset(out_young + size_t(y) * w, 0, size_t(w));
    // Pixels the camera has just brought into view start from this picture, young: until the
    // model has seen them hold still, what they show may be something passing (see
    // learn_young_pixels).
    auto uncovered = [&](size_t i, uint8_t value) {
        out_mean[i] = value;
        out_previous[i] = value;
        out_threshold[i] = initial;
        out_still[i] = 0;
        out_young[i] = kYoungUncovered;
    };
    // A slide by whole pixels (the usual case: the fraction is kept aside) moves whole rows. Its
    // sample points then lie near pixel centres, far from where the floor below would change,
    // so the rows copied are exactly the pixels the general loop would pick.
    double ox, oy;
    to_model.apply(0.5, 0.5, ox, oy);
    const double fx = ox - std::floor(ox), fy = oy - std::floor(oy);
    if (to_model.a == 1 && to_model.b == 0 && fx > 0.25 && fx < 0.75 && fy > 0.25 && fy < 0.75) {
        const int kx = int(std::floor(ox)), ky = int(std::floor(oy));
        const int x0 = std::clamp(-kx, 0, w), x1 = std::clamp(w - kx, x0, w);  // columns with a source
        for (int y = 0; y < h; ++y) {
            const size_t row = size_t(y) * w;
            const uint8_t *now = d->picture.data() + row;
            const int sy = y + ky;
            if (sy < 0 || sy >= h) {
                for (int x = 0; x < w; ++x) uncovered(row + x, now[x]);
                out_row_young[y] = 1;
                continue;
            }
            for (int x = 0; x < x0; ++x) uncovered(row + x, now[x]);
            for (int x = x1; x < w; ++x) uncovered(row + x, now[x]);
            const size_t from = size_t(sy) * w + x0 + kx, count = size_t(x1 - x0);
            std::memcpy(out_mean + row + x0, mean + from, count);
            std::memcpy(out_previous + row + x0, previous + from, count);
            std::memcpy(out_threshold + row + x0, threshold + from, count);
            std::memcpy(out_still + row + x0, still + from, count);
            const bool inherits = count > 0 && row_young[sy];
            if (inherits) std::memcpy(out_young + row + x0, young + from, count);
            out_row_young[y] = uint8_t(x0 > 0 || x1 < w || inherits);
        }
    } else {
        // A slight turn or zoom: copied in runs of pixels whose source lies on one row, one
        // pixel on for each pixel on (four planes gathered byte by byte cost more than the rest
        // of the detector). Along a row the source column less the column, and the source row,
        // each only grow or only shrink (floors of products of x with one factor), and the
        // pixels with a source form one stretch; so where a run ends is found by galloping and
        // halving over the same arithmetic that picks each pixel, and the runs copied are
        // exactly those pixels.
        for (int y = 0; y < h; ++y) {
            // Continuous coordinates (pixel centres at half-integers) in and out: the nearest
            // pixel is the floor.
            double sx0, sy0;
            to_model.apply(0.5, y + 0.5, sx0, sy0);
            // Pixel x's source offset, or −1 where it has none.
            auto source = [&](int x) -> int64_t {
                double sx = sx0 + to_model.a * x, sy = sy0 + to_model.b * x;
                if (sx < 0 || sy < 0 || sx >= w || sy >= h) return -1;
                return int64_t(int(sy)) * w + int(sx);
            };
            const size_t row = size_t(y) * w;
            const uint8_t *now = d->picture.data() + row;
            bool any_young = false;
            for (int x = 0; x < w;) {
                const int64_t from = source(x);
                int end = x + 1;
                if (from < 0) {
                    while (end < w && source(end) < 0) ++end;
                    for (int i = x; i < end; ++i) uncovered(row + i, now[i]);
                    any_young = true;
                } else {
                    auto continues = [&](int e) { return source(e) == from + (e - x); };
                    // Gallop to a pixel past the run (or the row's end), then halve.
                    int inside = x, step = 1;
                    while (inside + step < w && continues(inside + step)) {
                        inside += step;
                        step *= 2;
                    }
                    int outside = std::min(w, inside + step);
                    while (outside - inside > 1) {
                        const int middle = inside + (outside - inside) / 2;
                        if (continues(middle)) inside = middle; else outside = middle;
                    }
                    end = outside;
                    const size_t count = size_t(end - x);
                    std::memcpy(out_mean + row + x, mean + from, count);
                    std::memcpy(out_previous + row + x, previous + from, count);
                    std::memcpy(out_threshold + row + x, threshold + from, count);
                    std::memcpy(out_still + row + x, still + from, count);
                    if (row_young[size_t(from) / size_t(w)]) {
                        std::memcpy(out_young + row + x, young + from, count);
                        any_young = true;
                    }
                }
                x = end;
            }
            out_row_young[y] = uint8_t(any_young);
        }
    }
    d->mean.swap(d->warped_mean);
    d->previous.swap(d->warped_previous);
    d->threshold.swap(d->warped_threshold);
    d->still.swap(d->warped_still);
    d->young.swap(d->warped_young);
    d->row_young.swap(d->warped_row_young);
}

/// Mean absolute difference between this picture and `last` (the last picture) seen through
/// `to_last`, over every fourth pixel of every fourth row away from the border: how well the
/// last picture, moved that way, explains this one.
///
/// The moved samples are bilinear in fixed point: positions in 1/2³² pixel, stepped along the
/// row (the map is linear in x), weights in 1/65536 and each difference in 1/2³² level, summed
/// exactly in 64 bits. That is within a few thousandths of a level of the floating-point
/// sample (the weights' last bits), far below what the 5 % margin in follow_camera resolves,
/// at a fraction of the cost: no conversions between integers and floating point per sample.
static double mismatch(const bt_detector *d, const uint8_t *last, const balltrace::Similarity &to_last) {
    const int w = d->width, h = d->height, margin = std::max(4, std::min(w, h) / 16);
    long count = 0;
    if (to_last.is_identity()) {
        // Unmoved: each sample is a pixel of `last` itself (the same sum, in integers).
        uint64_t sum = 0;
        const bool wide = d->wide;
        for (int y = margin; y < h - margin; y += 4) {
            const uint8_t *a = d->picture.data() + size_t(y) * w, *b = last + size_t(y) * w;
            int x = margin;
            if (wide) {
                const int from = x;
                x = sampled_difference_wide(a, b, x, w - margin, sum);
                count += (x - from) / 4;
            }
            for (; x < w - margin; x += 4, ++count) sum += a[x] > b[x] ? a[x] - b[x] : b[x] - a[x];
        }
        return count > 0 ? double(sum) / count : 0;
    }
    constexpr double kOne = 4294967296.0;  // 2³²
    // Samples whose four neighbours lie inside: 0 ≤ position < w − 1 (h − 1), one unsigned test.
    const uint64_t limit_x = uint64_t(w - 1) << 32, limit_y = uint64_t(h - 1) << 32;
    const int64_t step_x = std::llround(4 * to_last.a * kOne), step_y = std::llround(4 * to_last.b * kOne);
    uint64_t total = 0;
    for (int y = margin; y < h - margin; y += 4) {
        // Continuous coordinates (pixel centres at half-integers) to index coordinates.
        double sx0, sy0;
        to_last.apply(margin + 0.5, y + 0.5, sx0, sy0);
        int64_t sx = std::llround((sx0 - 0.5) * kOne), sy = std::llround((sy0 - 0.5) * kOne);
        const uint8_t *row = d->picture.data() + size_t(y) * w;
        int x = margin;
        if (d->wide) x = moved_difference_wide(row, last, w, h, x, w - margin, sx, sy, step_x, step_y, total, count);
        for (; x < w - margin; x += 4, sx += step_x, sy += step_y) {
            if (uint64_t(sx) >= limit_x || uint64_t(sy) >= limit_y) continue;
            const uint8_t *m = last + size_t(sy >> 32) * w + size_t(sx >> 32);
            const int64_t fx = (sx >> 16) & 0xFFFF, fy = (sy >> 16) & 0xFFFF;
            const int64_t top = (int64_t(m[0]) << 16) + fx * (m[1] - m[0]);
            const int64_t bottom = (int64_t(m[w]) << 16) + fx * (m[w + 1] - m[w]);
            const int64_t difference = (int64_t(row[x]) << 32) - ((top << 16) + fy * (bottom - top));
            total += uint64_t(difference < 0 ? -difference : difference);
            ++count;
        }
    }
    return count > 0 ? double(total) / kOne / double(count) : 0;
}

/// Measures the camera's motion since the last frame and adds it to the way this picture is
/// compared with the model. A measured step counts only when the last picture, moved by it,
/// explains this one better than left where it is: that keeps a camera on a tripod from being
/// "moved" by the estimate's own noise (or by a strike that shakes the picture by a tenth of a
/// pixel). Once the camera has moved the picture four pixels from the model, the model itself
/// is moved by whole pixels (nearest: moved again and again, an interpolated model would blur
/// until every edge stood out from it), and the fraction is kept.
void follow_camera(bt_detector *d, bt_frame_report *report) {
    balltrace::Similarity step;
    double share = 0;
    bool known = d->motion->next(d->picture.data(), step, share);
    report->motion_known = known;
    report->inlier_share = share;
    const double size = known ? step.largest_displacement(d->width, d->height) : 0;
    const bool stepped = size >= 0.05 &&
        mismatch(d, d->last_picture.data(), step) < 0.95 * mismatch(d, d->last_picture.data(), balltrace::Similarity{});
    d->camera_step = stepped ? size : 0;
    if (stepped) {
        // pending ∘ step: this frame → the last frame → the model's frame.
        d->pending = d->pending.after(step);
    }
    if (d->pending.largest_displacement(d->width, d->height) >= 4) {
        double cx = 0.5 * d->width, cy = 0.5 * d->height, mx, my;
        d->pending.apply(cx, cy, mx, my);
        double ex = (mx - cx) - std::round(mx - cx), ey = (my - cy) - std::round(my - cy);
        balltrace::Similarity whole = d->pending;
        whole.tx -= ex;
        whole.ty -= ey;
        warp_model(d, whole);
        d->scene_from_model = d->scene_from_model.after(whole);
        d->pending = balltrace::Similarity{1, 0, ex, ey};
    }
    const double k = d->config.reduction;
    const balltrace::Similarity pose = d->scene_from_model.after(d->pending);
    report->moved = !pose.is_identity();
    report->a = pose.a;
    report->b = pose.b;
    report->tx = pose.tx * k;
    report->ty = pose.ty * k;
}

}  // namespace balltrace::detector
