// Track-before-detect: a ball flying away shrinks to a pixel or two and fades, and stops being
// a blob (under the threshold, or a single pixel, which the detector leaves as noise) well
// before it stops being visible. Where a flight predicts it, a much weaker spot is still
// evidence: the few pixels searched make a chance peak of noise that strong very unlikely.
// A larger ball does not fade, but stops being a blob of its own where it passes something
// that moves too; there it is looked for as a disc of its size (find_disc below).
#include "DetectorState.hpp"
#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace {

using balltrace::detector::BlobSums;
using balltrace::detector::handed_over;
using balltrace::detector::shape_of;

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
/// The largest ball looked for as a faint spot, radius in analysis pixels. A ball this small
/// fades from the foreground gradually (its few pixels blend with the sky, and one of a single
/// pixel is not a blob at all); a larger one does not fade, and is looked for as a disc inside
/// foreground it merged with instead (find_disc).
constexpr double kLargestFaintRadius = BT_LARGEST_FAINT_RADIUS;

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

/// Scores within this of the best are as good: a smeared ball is a streak, and every disc
/// along its middle is covered alike.
constexpr double kEquallyGood = 0.05;

/// Sums over rectangles of the part of a plane around a point: how many pixels are at least
/// `level`, and their differences. Built once per search (only for a reported flight that
/// missed its ball or took a merged blob, not for every chain), so that a disc and its ring are
/// measured in constant time wherever they are tried (a ball near the camera is tens of
/// pixels across, and so is its reach). Discs and rings are measured as the squares of the
/// same area: a square of the disc's area around the centre of a ball lies within it but for
/// its corners' tips, and the ring's squares stay off the ball.
struct WindowSums {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0, stride = 0;  // the window [x0, x1) × [y0, y1), clipped to the plane
    std::vector<int32_t> count;
    std::vector<int64_t> total;

    WindowSums(const uint8_t *plane, int w, int h, int left, int top, int right, int bottom, int level) {
        x0 = std::max(0, left); y0 = std::max(0, top);
        x1 = std::min(w, right); y1 = std::min(h, bottom);
        if (x1 <= x0 || y1 <= y0) { x1 = x0; y1 = y0; }
        stride = x1 - x0 + 1;
        count.assign(size_t(stride) * (y1 - y0 + 1), 0);
        total.assign(count.size(), 0);
        for (int y = y0; y < y1; ++y) {
            const uint8_t *row = plane + size_t(y) * w;
            int32_t run = 0;
            int64_t sum = 0;
            const size_t above = size_t(y - y0) * stride, here = above + stride;
            for (int x = x0; x < x1; ++x) {
                if (row[x] >= level) { ++run; sum += row[x]; }
                count[here + (x - x0) + 1] = count[above + (x - x0) + 1] + run;
                total[here + (x - x0) + 1] = total[above + (x - x0) + 1] + sum;
            }
        }
    }

    /// Pixels at least `level` in [left, right) × [top, bottom), and their differences' sum
    /// (nothing outside the window counts).
    std::pair<int64_t, int64_t> sums(int left, int top, int right, int bottom) const {
        left = std::clamp(left, x0, x1) - x0; right = std::clamp(right, x0, x1) - x0;
        top = std::clamp(top, y0, y1) - y0; bottom = std::clamp(bottom, y0, y1) - y0;
        if (right <= left || bottom <= top) return {0, 0};
        auto at = [&](const auto &v, int x, int y) { return int64_t(v[size_t(y) * stride + x]); };
        return {at(count, right, bottom) - at(count, left, bottom) - at(count, right, top) + at(count, left, top),
                at(total, right, bottom) - at(total, left, bottom) - at(total, right, top) + at(total, left, top)};
    }
};

/// The disc of `radius` (model pixels) within `reach` of (cx, cy) that is most a ball's: its
/// disc (0.8 radius) covered by foreground (differences of at least `level`) and its ring
/// (1.3–1.8 radii) not; 0 when none passes. Centres on the pixel grid; of those as good as
/// the best, their mean (the middle of a streak, where the ball was halfway through the
/// exposure, not its end nearest the guess).
int find_disc(const uint8_t *plane, int w, int h, double cx, double cy, double reach, double radius, int level,
              double &bx, double &by, double &mean) {
    const double half = 0.5 * std::sqrt(M_PI);  // half the side of the square of a unit disc's area
    const int core = std::max(1, int(std::lround(0.8 * radius * half)));
    const int inner = std::max(core + 1, int(std::lround(1.3 * radius * half)));
    const int outer = std::max(inner + 1, int(std::lround(1.8 * radius * half)));
    const int r = int(std::ceil(reach));
    const int ix = int(std::lround(cx)), iy = int(std::lround(cy));
    const WindowSums sums(plane, w, h, ix - r - outer, iy - r - outer, ix + r + outer + 1, iy + r + outer + 1, level);
    const double core_area = double(2 * core + 1) * (2 * core + 1);
    const double ring_area = double(2 * outer + 1) * (2 * outer + 1) - double(2 * inner + 1) * (2 * inner + 1);
    auto box = [&](int x, int y, int k) { return sums.sums(x - k, y - k, x + k + 1, y + k + 1); };
    // A candidate's score, or −1 when it is no ball's centre.
    auto score = [&](int x, int y) -> double {
        if (std::hypot(x - cx, y - cy) > reach || x < 0 || y < 0 || x >= w || y >= h || plane[size_t(y) * w + x] < level) return -1;
        const double disc = double(box(x, y, core).first) / core_area;
        if (disc < kDiscCover) return -1;
        const double ring = double(box(x, y, outer).first - box(x, y, inner).first) / ring_area;
        if (ring > kRingCover) return -1;
        return disc - ring;
    };
    double best = -1;
    for (int y = iy - r; y <= iy + r; ++y)
        for (int x = ix - r; x <= ix + r; ++x) best = std::max(best, score(x, y));
    if (best < 0) return 0;
    double sx = 0, sy = 0;
    int n = 0;
    for (int y = iy - r; y <= iy + r; ++y)
        for (int x = ix - r; x <= ix + r; ++x)
            if (score(x, y) >= best - kEquallyGood) { sx += x; sy += y; ++n; }
    bx = sx / n;
    by = sy / n;
    // The contrast: the mean difference over the disc's square.
    const auto [covered, total] = box(int(std::lround(bx)), int(std::lround(by)), core);
    mean = covered > 0 ? double(total) / double(covered) : 0;
    return 1;
}

/// The blob nearest (cx, cy) within `reach` among those the cap left out of a frame (see
/// bt_detector_process), of about a ball of `radius`'s size (model pixels): half to twice it,
/// or a pixel off. A detection like any other, only weaker than the strongest few hundred of a
/// cluttered frame (a ball passing a player on a moving camera's picture, whose every edge
/// shows): where a flight expects its ball, it is that ball, as a faint spot there would be.
/// Null when there is none.
const BlobSums *find_left_out(const std::vector<BlobSums> &left_out, double cx, double cy, double reach, double radius) {
    double nearest = reach;
    const BlobSums *found = nullptr;
    for (const BlobSums &s : left_out) {
        const double area = double(s.area);
        const double dx = double(s.sx) / area - cx, dy = double(s.sy) / area - cy;
        const double distance = std::sqrt(dx * dx + dy * dy);
        if (distance > nearest) continue;
        const double minor = shape_of(s).minor;
        if (std::abs(minor - radius) > 1 && (minor < 0.5 * radius || minor > 2 * radius)) continue;
        found = &s;
        nearest = distance;
    }
    return found;
}

/// Where a search asked for in the frame `serial` looks: that frame's difference plane, the
/// point and sizes in its model's pixels as that frame saw them (pixel centres at
/// half-integers there too, the point as a pixel index), and the way back to its picture.
struct KeptFrameSearch {
    int slot = 0, history = 0;
    const uint8_t *plane = nullptr;
    balltrace::Similarity to_model;
    double cx = 0, cy = 0, reach = 0, radius = 0, scale = 1;
};

/// The search of (x, y), `reach` and `radius` (stored pixels) in the frame `serial`; false when
/// that frame is no longer kept or the point lies absurdly far off.
bool kept_frame_search(const bt_detector *d, long serial, double x, double y, double reach, double radius,
                       KeptFrameSearch &search, bool plane = true) {
    if (d == nullptr || serial < 0 || !(reach > 0) || !(radius > 0)) return false;
    const int slot = int(serial % d->config.kept_frames), history = int(serial % d->config.history_frames);
    if (d->faint_serial[history] != serial) return false;  // too old: overwritten
    if (plane && d->plane_serial[slot] != serial) return false;
    const double k = d->config.reduction;
    search.slot = slot;
    search.history = history;
    search.plane = plane ? d->differences.data() + size_t(slot) * d->width * d->height : nullptr;
    search.to_model = d->faint_to_model[history];
    double mx, my;
    search.to_model.apply(x / k, y / k, mx, my);
    search.scale = std::hypot(search.to_model.a, search.to_model.b);
    search.reach = std::max(0.75, reach / k * search.scale);
    search.radius = std::max(0.5, radius / k * search.scale);
    search.cx = mx - 0.5;
    search.cy = my - 0.5;
    return std::abs(search.cx) < 1e7 && std::abs(search.cy) < 1e7;
}

/// The disc of a ball of `radius` (stored pixels) that `search` looks for at `level` (see
/// find_disc), back in the frame's own pixels: 1 and `spot` filled, or 0.
int disc_spot(const bt_detector *d, const KeptFrameSearch &search, double radius, int level, bt_faint_spot *spot) {
    double bx = 0, by = 0, mean = 0;
    if (!find_disc(search.plane, d->width, d->height, search.cx, search.cy, search.reach, search.radius, level, bx, by, mean))
        return 0;
    const double k = d->config.reduction;
    const balltrace::Similarity to_picture = search.to_model.inverse();
    double px, py;
    to_picture.apply(bx + 0.5, by + 0.5, px, py);
    spot->x = px * k;
    spot->y = py * k;
    spot->radius = radius;
    spot->contrast = mean;
    spot->significance = 0;
    return 1;
}

}  // namespace

extern "C" int bt_detector_find_faint_spot(const bt_detector *d, long serial, double x, double y, double reach,
                                           double radius, bt_faint_spot *spot) {
    KeptFrameSearch search;
    if (spot == nullptr || !kept_frame_search(d, serial, x, y, reach, radius, search)) return 0;
    const int w = d->width, h = d->height;
    const double k = d->config.reduction;
    const uint8_t *plane = search.plane;
    const balltrace::Similarity &to_model = search.to_model;
    const double scale = search.scale, reach_model = search.reach, radius_model = search.radius;
    const double cx = search.cx, cy = search.cy;
    // A ball this large is not faint: it is foreground, merged with something else.
    if (radius_model > kLargestFaintRadius)
        return disc_spot(d, search, radius, d->config.threshold_maximum, spot);
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

extern "C" int bt_detector_find_disc(const bt_detector *d, long serial, double x, double y, double reach, double radius,
                                     int level, bt_faint_spot *spot) {
    KeptFrameSearch search;
    if (spot == nullptr || level < 1 || level > 255 || !kept_frame_search(d, serial, x, y, reach, radius, search)) return 0;
    return disc_spot(d, search, radius, level, spot);
}

extern "C" int bt_detector_find_left_out_blob(const bt_detector *d, long serial, double x, double y, double reach,
                                              double radius, bt_blob *blob) {
    // Into the model's pixels as that frame saw them, where its blobs were found.
    KeptFrameSearch search;
    if (blob == nullptr || !kept_frame_search(d, serial, x, y, reach, radius, search, false)) return 0;
    const double k = d->config.reduction;
    const BlobSums *found = find_left_out(d->left_out[size_t(search.history)], search.cx, search.cy, search.reach, search.radius);
    if (found == nullptr) return 0;
    // Back to the frame's own pixels, stored size, as the detector hands its blobs over.
    const balltrace::Similarity to_picture = search.to_model.inverse();
    *blob = handed_over(*found, k, true, to_picture, std::hypot(to_picture.a, to_picture.b),
                        std::atan2(to_picture.b, to_picture.a));
    return 1;
}
