// Track-before-detect: a ball flying away shrinks to a pixel or two and fades, and stops being
// a blob (under the threshold, or a single pixel, which the detector leaves as noise) well
// before it stops being visible. Where a flight predicts it, a much weaker spot is still
// evidence: the few pixels searched make a chance peak of noise that strong very unlikely.
// A larger ball does not fade, but stops being a blob of its own where it passes something
// that moves too; there it is looked for as a disc of its size (find_disc below).
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

/// A ball of radius larger than kLargestFaintRadius stops being a blob of its own when it
/// passes in front of something that moves too (a tossed ball falling past the server's arm
/// and shirt, a shot crossing a player): the two are one connected foreground region, too
/// large to be a ball, and dropped. The ball is still a solid disc of foreground inside it,
/// where the rest is not disc-shaped: a disc of the ball's radius around the ball's centre is
/// nearly all foreground, while the ring just outside it is mostly not (the other thing
/// touches the ball along part of its edge; a streak's two ends cover a little more). A
/// centre inside a large moving body (the ball hidden behind it) has the ring covered too.
constexpr double kDiscCover = 0.85;
constexpr double kRingCover = 0.4;

/// Fraction of the pixels at distance [inner, outer) from (cx, cy) that are at least `level`.
double coverage(const uint8_t *plane, int w, int h, double cx, double cy, double inner, double outer, int level) {
    int in = 0, all = 0;
    const int r = int(std::ceil(outer));
    const int ix = int(std::lround(cx)), iy = int(std::lround(cy));
    for (int yy = iy - r; yy <= iy + r; ++yy) {
        for (int xx = ix - r; xx <= ix + r; ++xx) {
            const double d = std::hypot(xx - cx, yy - cy);
            if (d < inner || d >= outer) continue;
            ++all;
            if (xx >= 0 && yy >= 0 && xx < w && yy < h && plane[size_t(yy) * w + xx] >= level) ++in;
        }
    }
    return all > 0 ? double(in) / all : 0;
}

/// Scores within this of the best are as good: a smeared ball is a streak, and every disc
/// along its middle is covered alike.
constexpr double kEquallyGood = 0.05;

/// The disc of `radius` (model pixels) within `reach` of (cx, cy) that is most a ball's: its
/// disc covered by foreground (differences of at least `level`) and its ring not; 0 when none
/// passes. Centres on the pixel grid; of those as good as the best, their mean (the middle of
/// a streak, where the ball was halfway through the exposure, not its end nearest the guess).
int find_disc(const uint8_t *plane, int w, int h, double cx, double cy, double reach, double radius, int level,
              double &bx, double &by, double &mean) {
    const int r = int(std::ceil(reach));
    const int ix = int(std::lround(cx)), iy = int(std::lround(cy));
    struct Candidate { int x, y; double score; };
    Candidate found[512];
    int count = 0;
    double best = -1;
    for (int yy = iy - r; yy <= iy + r; ++yy) {
        for (int xx = ix - r; xx <= ix + r; ++xx) {
            const double distance = std::hypot(xx - cx, yy - cy);
            if (distance > reach || xx < 0 || yy < 0 || xx >= w || yy >= h || plane[size_t(yy) * w + xx] < level) continue;
            const double disc = coverage(plane, w, h, xx, yy, 0, 0.8 * radius, level);
            if (disc < kDiscCover) continue;
            const double ring = coverage(plane, w, h, xx, yy, 1.3 * radius, 1.8 * radius, level);
            if (ring > kRingCover) continue;
            const double score = disc - ring;
            best = std::max(best, score);
            if (count < 512) found[count++] = {xx, yy, score};
        }
    }
    if (best < 0) return 0;
    double sx = 0, sy = 0;
    int n = 0;
    for (int i = 0; i < count; ++i)
        if (found[i].score >= best - kEquallyGood) { sx += found[i].x; sy += found[i].y; ++n; }
    bx = sx / n;
    by = sy / n;
    // The contrast: the mean difference over the disc.
    double sum = 0;
    int covered = 0;
    const int rr = int(std::ceil(0.8 * radius));
    for (int yy = int(std::lround(by)) - rr; yy <= int(std::lround(by)) + rr; ++yy)
        for (int xx = int(std::lround(bx)) - rr; xx <= int(std::lround(bx)) + rr; ++xx)
            if (xx >= 0 && yy >= 0 && xx < w && yy < h && std::hypot(xx - bx, yy - by) < 0.8 * radius) {
                sum += plane[size_t(yy) * w + xx];
                ++covered;
            }
    mean = covered > 0 ? sum / covered : 0;
    return 1;
}

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
    const double cx = mx - 0.5, cy = my - 0.5;  // in pixel indices
    if (!(std::abs(cx) < 1e7 && std::abs(cy) < 1e7)) return 0;
    if (radius_model > kLargestFaintRadius) {
        // A ball this large is not faint: it is foreground, merged with something else.
        double bx = 0, by = 0, mean = 0;
        if (!find_disc(plane, w, h, cx, cy, reach_model, radius_model, d->config.threshold_maximum, bx, by, mean)) return 0;
        const balltrace::Similarity to_picture = to_model.inverse();
        double px, py;
        to_picture.apply(bx + 0.5, by + 0.5, px, py);
        spot->x = px * k;
        spot->y = py * k;
        spot->radius = radius;
        spot->contrast = mean;
        spot->significance = 0;
        return 1;
    }
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
