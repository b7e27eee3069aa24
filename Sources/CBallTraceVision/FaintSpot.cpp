// Track-before-detect: a ball flying away shrinks to a pixel or two and fades, and stops being
// a blob (under the threshold, or a single pixel, which the detector leaves as noise) well
// before it stops being visible. Where a flight predicts it, a much weaker spot is still
// evidence: the few pixels searched make a chance peak of noise that strong very unlikely.
#include "DetectorState.hpp"

namespace {

/// Half the side of the square whose noise a spot is compared with, analysis pixels (at most
/// 41 × 41 pixels read).
constexpr int kSurroundings = 20;
/// How far above the surroundings' median a spot's peak must stand, in standard deviations of
/// their noise. Among the few dozen pixels within reach of a prediction, Gaussian noise alone
/// gets there about once in ten thousand searches; compression's blocky noise more often,
/// which the floor below and the shape test answer.
constexpr double kSignificance = 5.0;
/// The weakest peak taken, 8-bit levels: under it a spot is indistinguishable from the steps
/// of compression and of the model's one-level learning.
constexpr int kWeakestPeak = 5;
/// The largest ball looked for, radius in analysis pixels. A ball this small fades from the
/// foreground gradually (its few pixels blend with the sky, and one of a single pixel is not a
/// blob at all); a larger one that stops being a blob was hidden or stopped, and a spot near
/// where it was expected is something else.
constexpr double kLargestFaintRadius = 3.0;

}  // namespace

extern "C" int bt_detector_find_faint_spot(const bt_detector *d, long serial, double x, double y, double reach,
                                           double radius, bt_faint_spot *spot) {
    if (d == nullptr || spot == nullptr || serial < 0 || !(reach > 0) || !(radius > 0)) return 0;
    const int slot = int(serial % d->config.kept_frames);
    if (d->faint_serial[slot] != serial) return 0;  // too old: overwritten
    const int w = d->width, h = d->height;
    const double k = d->config.reduction;
    const uint8_t *plane = d->differences.data() + size_t(slot) * w * h;
    // Into the model's pixels as that frame saw them (pixel centres at half-integers there too).
    const balltrace::Similarity &to_model = d->faint_to_model[slot];
    double mx, my;
    to_model.apply(x / k, y / k, mx, my);
    const double scale = std::hypot(to_model.a, to_model.b);
    const double reach_model = std::max(0.75, reach / k * scale), radius_model = std::max(0.5, radius / k * scale);
    if (radius_model > kLargestFaintRadius) return 0;
    const double cx = mx - 0.5, cy = my - 0.5;  // in pixel indices
    if (!(std::abs(cx) < 1e7 && std::abs(cy) < 1e7)) return 0;
    const int ix = int(std::lround(cx)), iy = int(std::lround(cy));
    // The surroundings: their median difference and its spread give the local noise (a
    // difference from the model is the absolute value of noise, whose median is 0.674 σ).
    const int x0 = std::max(0, ix - kSurroundings), x1 = std::min(w - 1, ix + kSurroundings);
    const int y0 = std::max(0, iy - kSurroundings), y1 = std::min(h - 1, iy + kSurroundings);
    if (x0 > x1 || y0 > y1) return 0;
    int histogram[256] = {0};
    int counted = 0;
    for (int yy = y0; yy <= y1; ++yy) {
        const uint8_t *row = plane + size_t(yy) * w;
        for (int xx = x0; xx <= x1; ++xx) histogram[row[xx]]++;
        counted += x1 - x0 + 1;
    }
    int median = 0;
    for (int seen = 0; median < 256; ++median) {
        seen += histogram[median];
        if (2 * seen >= counted) break;
    }
    const double sigma = std::max(1.0, median / 0.6745);
    const double needed = std::max(double(kWeakestPeak), median + kSignificance * sigma);
    // The strongest pixel within reach.
    const int r = int(std::ceil(reach_model));
    int best = -1, bx = 0, by = 0;
    double best_distance = 0;
    for (int yy = std::max(0, iy - r); yy <= std::min(h - 1, iy + r); ++yy) {
        const uint8_t *row = plane + size_t(yy) * w;
        for (int xx = std::max(0, ix - r); xx <= std::min(w - 1, ix + r); ++xx) {
            const double distance = std::hypot(xx - cx, yy - cy);
            if (distance > reach_model) continue;
            if (row[xx] > best || (row[xx] == best && distance < best_distance)) {
                best = row[xx];
                bx = xx;
                by = yy;
                best_distance = distance;
            }
        }
    }
    if (best < needed) return 0;
    // A spot, not the edge of something larger: the pixels above half the peak (and above
    // the noise) around it stay within a ball's size, with room to spare on every side.
    const double floor = std::max(0.5 * best, median + 2 * sigma);
    const int extent = int(std::ceil(2 * radius_model)) + 1;
    const int sx0 = bx - extent - 1, sx1 = bx + extent + 1, sy0 = by - extent - 1, sy1 = by + extent + 1;
    double weight = 0, wx = 0, wy = 0;
    int area = 0;
    for (int yy = std::max(0, sy0); yy <= std::min(h - 1, sy1); ++yy) {
        const uint8_t *row = plane + size_t(yy) * w;
        for (int xx = std::max(0, sx0); xx <= std::min(w - 1, sx1); ++xx) {
            if (row[xx] < floor) continue;
            const bool border = xx == sx0 || xx == sx1 || yy == sy0 || yy == sy1;
            if (border) return 0;
            const double above = row[xx] - median;
            weight += above;
            wx += above * xx;
            wy += above * yy;
            ++area;
        }
    }
    if (weight <= 0) return 0;
    // Back to the frame's own pixels, stored size.
    const balltrace::Similarity to_picture = to_model.inverse();
    double px, py;
    to_picture.apply(wx / weight + 0.5, wy / weight + 0.5, px, py);
    spot->x = px * k;
    spot->y = py * k;
    spot->radius = std::sqrt(area / M_PI) * k / scale;
    spot->contrast = best;
    spot->significance = (best - median) / sigma;
    return 1;
}
