// Background subtraction and blob extraction on one luma plane, at a small fraction of the cost
// of decoding the frame.
//
// The background is a sigma-delta estimate (Manzanera and Richefeu): per pixel, a mean that
// steps one level toward each new value and a threshold that steps one level toward a multiple
// of the pixel's absolute difference from the mean. Both converge to medians; where a moving
// object covers a pixel they learn from it only one frame in four, so a ball passing hardly moves
// them, while noise, fluttering leaves or a shaking edge raise that pixel's own threshold. It needs a handful of 8-bit operations per pixel,
// where OpenCV's Gaussian mixture (MOG2) needs a few hundred floating-point ones: MOG2 on a
// 540-line picture cost about twice the decoding of the 1080p frame it came from.
//
// A pixel that differs from the background but has not changed for a while is something that
// came to rest (an arm held in a pose, the spot a ball was struck from): it is not foreground.
// Without this, the slow absorption of a resting object would leave a shrinking, drifting blob
// for as many frames as its contrast in levels.
//
// Foreground pixels are then joined into blobs by run-length labelling: only foreground runs
// are visited, so a frame with a ball and a little noise costs a scan of the mask and little
// else.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <vector>
#include <opencv2/core.hpp>
#include <opencv2/core/hal/intrin.hpp>
#include "CameraMotion.hpp"
#include "Guard.hpp"
#include "Halve.hpp"

namespace {

/// A horizontal run of foreground pixels [x0, x1) in row y, and the blob it belongs to.
struct Run {
    int y, x0, x1;
    int label;
};

/// Sums that make a blob's area, centre, second moments and contrast.
struct BlobSums {
    double area = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0, contrast = 0;
    int peak = 1;
    int left = 0, top = 0, right = 0, bottom = 0;  // inclusive bounds
};

int find_root(std::vector<int> &parent, int i) {
    while (parent[i] != i) {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    return i;
}

}  // namespace

struct bt_detector {
    bt_detector_config config;
    int width = 0, height = 0;            // analysis picture
    std::vector<uint16_t> column_sums;    // one reduced row's input: k rows summed per column
    std::vector<uint8_t> reduced_row;     // one row of the reduced picture
    std::vector<uint8_t> row_has_foreground;  // per analysis row, this frame
    std::vector<uint8_t> mean, threshold; // the background model, one byte per analysis pixel
    std::vector<uint8_t> previous;        // the last analysis picture
    std::vector<uint8_t> still;           // frames since each pixel last changed, up to 255
    std::vector<uint8_t> contrast;        // this frame: |pixel − mean| where foreground, else 0
    std::vector<Run> runs;
    std::vector<int> parent;              // union-find over run labels
    std::vector<int> blob_of_root;        // root label → index into sums
    std::vector<BlobSums> sums;
    std::vector<bt_blob> found;
    long frames = 0;
    // This frame's analysis picture, the last one (both in their own frames' pixels), this
    // picture seen in the model's pixels, and the warped model while it is being moved.
    std::vector<uint8_t> picture, last_picture, aligned;
    std::vector<uint8_t> warped_mean, warped_threshold, warped_previous, warped_still;
    // Mean absolute change of the picture from the last, in recent frames (a ring of
    // kRecentChanges), and scratch to rank them.
    std::vector<double> recent_change, ranked_change;
    size_t next_change = 0;
    std::unique_ptr<balltrace::CameraMotionEstimator> motion;
    // From this frame's pixels to the model's (analysis pixels): the camera's motion since the
    // model was last moved. Each picture is compared with the model through it.
    balltrace::Similarity pending;
    // From the model's pixels to the scene's: the first frame's, carried along by each move.
    balltrace::Similarity scene_from_model;
};

using balltrace::guarded;

/// A pixel's threshold follows this multiple of its median absolute difference from the
/// background: about four standard deviations of Gaussian noise, where the noise alone crosses
/// it in one pixel of 16,000.
static constexpr int kNoiseMultiple = 6;

/// Where a moving object covers a pixel, the model learns from it only one frame in this many:
/// a slow ball would otherwise raise the background and the threshold along its own path (each
/// frame it covers a pixel moves both a level), and fade from its own detection. Fluttering
/// leaves, which keep differing, still raise their threshold, a quarter as fast.
static constexpr long kForegroundRefresh = 4;

extern "C" int bt_detector_create(const bt_detector_config *config, bt_detector **out, char *message, size_t size) {
    return guarded(message, size, [&] {
        *out = nullptr;
        const auto &c = *config;
        if (c.frame_width <= 0 || c.frame_height <= 0 || c.reduction < 1)
            throw std::invalid_argument("detector: frame size and reduction must be positive");
        if (c.threshold_minimum < 1 || c.threshold_maximum < c.threshold_minimum || c.threshold_maximum > 255 ||
            c.threshold_initial < 1 || c.threshold_initial > 255)
            throw std::invalid_argument("detector: thresholds must satisfy 1 ≤ minimum ≤ maximum ≤ 255");
        if (c.still_frames < 1 || c.still_frames > 255)
            throw std::invalid_argument("detector: still_frames must be 1…255");
        auto d = std::make_unique<bt_detector>();
        d->config = c;
        d->width = std::max(1, c.frame_width / c.reduction);
        d->height = std::max(1, c.frame_height / c.reduction);
        size_t pixels = size_t(d->width) * d->height;
        d->mean.assign(pixels, 0);
        d->threshold.assign(pixels, uint8_t(c.threshold_initial));
        d->previous.assign(pixels, 0);
        d->still.assign(pixels, 0);
        d->contrast.assign(pixels, 0);
        d->column_sums.assign(size_t(d->width) * c.reduction, 0);
        d->reduced_row.assign(d->width, 0);
        d->row_has_foreground.assign(d->height, 0);
        d->picture.assign(pixels, 0);
        d->last_picture.assign(pixels, 0);
        if (c.compensate_motion) {
            d->aligned.assign(pixels, 0);
            d->motion = std::make_unique<balltrace::CameraMotionEstimator>(d->width, d->height);
            for (auto *plane : {&d->warped_mean, &d->warped_threshold, &d->warped_previous, &d->warped_still})
                plane->assign(pixels, 0);
        }
        *out = d.release();
    });
}

extern "C" void bt_detector_destroy(bt_detector *detector) { delete detector; }

extern "C" void bt_detector_analysis_size(const bt_detector *d, int *width, int *height) {
    *width = d->width;
    *height = d->height;
}

namespace {

/// One row of the picture reduced by the whole factor k: the mean of each k × k block of `rows`
/// (k rows of the stored picture), rounded. Column sums first, then sums of k neighbours: both
/// plain loops the compiler vectorizes.
const uint8_t *reduce_rows(bt_detector *d, const uint8_t *rows, ptrdiff_t stride) {
    const int k = d->config.reduction, w = d->width, span = w * k;
    uint16_t *sums = d->column_sums.data();
    uint8_t *out = d->reduced_row.data();
    if (k == 2) {
        balltrace::halve_row(rows, rows + stride, w, out);
        return out;
    }
    for (int x = 0; x < span; ++x) sums[x] = rows[x];
    for (int r = 1; r < k; ++r) {
        const uint8_t *row = rows + r * stride;
        for (int x = 0; x < span; ++x) sums[x] += row[x];
    }
    const uint32_t area = uint32_t(k * k), half = area / 2;
    if (k == 2) {
        for (int x = 0; x < w; ++x) out[x] = uint8_t((sums[2 * x] + sums[2 * x + 1] + half) >> 2);
    } else {
        // Division by k² as a multiplication: exact to within one level, the same every frame.
        const uint32_t reciprocal = (65536 + half) / area;
        for (int x = 0; x < w; ++x) {
            uint32_t total = 0;
            for (int j = 0; j < k; ++j) total += sums[k * x + j];
            out[x] = uint8_t(std::min<uint32_t>(255, ((total + half) * reciprocal) >> 16));
        }
    }
    return out;
}

/// Updates the model with one analysis-size picture and writes this frame's foreground contrast.
/// Sixteen pixels at a time in 8-bit lanes (OpenCV's universal intrinsics: `+` and `-` saturate
/// on 8-bit lanes), then the rest of the row one by one with the same arithmetic.
void update_model(bt_detector *d, const uint8_t *picture) {
    const auto &c = d->config;
    const int w = d->width;
    const uint8_t lo = uint8_t(c.threshold_minimum), hi = uint8_t(c.threshold_maximum);
    const bool first = d->frames == 0;
    const bool refreshing = d->frames % kForegroundRefresh == 0;
    for (int y = 0; y < d->height; ++y) {
        const uint8_t *in = picture + size_t(y) * w;
        uint8_t *mean = d->mean.data() + size_t(y) * w;
        uint8_t *threshold = d->threshold.data() + size_t(y) * w;
        uint8_t *contrast = d->contrast.data() + size_t(y) * w;
        uint8_t *previous = d->previous.data() + size_t(y) * w;
        uint8_t *still = d->still.data() + size_t(y) * w;
        if (first) {
            std::memcpy(mean, in, w);
            std::memcpy(previous, in, w);
            std::memset(contrast, 0, w);
            d->row_has_foreground[y] = 0;
            continue;
        }
        int x = 0;
        bool any = false;
#if CV_SIMD128
        {
            cv::v_uint8x16 seen = cv::v_setzero_u8();
            const cv::v_uint8x16 one = cv::v_setall_u8(1), low = cv::v_setall_u8(lo), high = cv::v_setall_u8(hi);
            const cv::v_uint8x16 settled = cv::v_setall_u8(uint8_t(c.still_frames));
            const cv::v_uint8x16 refresh = cv::v_setall_u8(refreshing ? 0xFF : 0);
            for (; x + 16 <= w; x += 16) {
                cv::v_uint8x16 value = cv::v_load(in + x), m = cv::v_load(mean + x), t = cv::v_load(threshold + x);
                cv::v_uint8x16 difference = cv::v_absdiff(value, m);
                cv::v_uint8x16 last = cv::v_load(previous + x);
                cv::v_store(previous + x, value);
                cv::v_uint8x16 age = cv::v_load(still + x) + one;  // saturated
                age = age & ~(cv::v_absdiff(value, last) > t);
                cv::v_store(still + x, age);
                cv::v_uint8x16 moving = (difference > t) & (age < settled);
                cv::v_uint8x16 foreground = difference & moving;
                cv::v_store(contrast + x, foreground);
                cv::v_uint8x16 step = (~moving | refresh) & one;
                m = cv::v_sub_wrap(cv::v_add_wrap(m, (value > m) & step), (value < m) & step);
                cv::v_store(mean + x, m);
                cv::v_uint8x16 twice = difference + difference, target = twice + twice + twice;  // saturated
                t = cv::v_sub_wrap(cv::v_add_wrap(t, (target > t) & step), (target < t) & step);
                cv::v_store(threshold + x, cv::v_min(high, cv::v_max(low, t)));
                seen = seen | foreground;
            }
            any = cv::v_check_any(seen > cv::v_setzero_u8());
        }
#endif
        for (; x < w; ++x) {
            int value = in[x], m = mean[x], t = threshold[x];
            int difference = value > m ? value - m : m - value;
            int change = value > previous[x] ? value - previous[x] : previous[x] - value;
            previous[x] = uint8_t(value);
            still[x] = change > t ? 0 : uint8_t(std::min(255, still[x] + 1));
            bool moving = difference > t && still[x] < c.still_frames;
            contrast[x] = moving ? uint8_t(difference) : 0;
            if (!moving || refreshing) {
                m += (value > m) - (value < m);
                mean[x] = uint8_t(m);
                int target = std::min(255, kNoiseMultiple * difference);
                t += (target > t) - (target < t);
                threshold[x] = uint8_t(std::min<int>(hi, std::max<int>(lo, t)));
            }
            any |= contrast[x] != 0;
        }
        d->row_has_foreground[y] = any;
    }
}

/// The analysis picture of one stored luma plane, into `d->picture`.
void reduce_picture(bt_detector *d, const uint8_t *luma, ptrdiff_t stride) {
    const int k = d->config.reduction, w = d->width;
    for (int y = 0; y < d->height; ++y) {
        const uint8_t *row = k == 1 ? luma + y * stride : reduce_rows(d, luma + y * k * stride, stride);
        std::memcpy(d->picture.data() + size_t(y) * w, row, w);
    }
}

/// How this picture differs from the last: the mean absolute difference (8-bit levels), and
/// how many pixels differ strongly (by more than `kStrongChange` levels).
struct PictureChange {
    double mean = 0;
    long strong = 0;
};

/// A difference no compression noise on a repeated picture reaches, but anything moving does
/// (a ball, a club, a golfer at the top of the backswing).
constexpr int kStrongChange = 24;
/// A repeated picture has at most this many strongly changed pixels (a few, from compression).
constexpr long kRepeatStrongPixels = 4;

PictureChange picture_change(const bt_detector *d) {
    const uint8_t *a = d->picture.data(), *b = d->last_picture.data();
    const size_t n = d->picture.size();
    uint64_t total = 0;
    long strong = 0;
    size_t i = 0;
#if CV_SIMD128
    // Sixteen pixels at a time: sums of absolute differences, and strong changes counted in
    // 8-bit lanes (a lane's mask is −1) for at most 255 blocks before they are added up.
    const cv::v_uint8x16 limit = cv::v_setall_u8(uint8_t(kStrongChange));
    while (i + 16 <= n) {
        cv::v_uint8x16 counts = cv::v_setzero_u8();
        for (int block = 0; block < 255 && i + 16 <= n; ++block, i += 16) {
            cv::v_uint8x16 x = cv::v_load(a + i), y = cv::v_load(b + i);
            total += cv::v_reduce_sad(x, y);
            counts = cv::v_sub_wrap(counts, cv::v_absdiff(x, y) > limit);
        }
        strong += cv::v_reduce_sum(counts);
    }
#endif
    for (; i < n; ++i) {
        int difference = a[i] > b[i] ? a[i] - b[i] : b[i] - a[i];
        total += difference;
        strong += difference > kStrongChange;
    }
    return {double(total) / double(std::max<size_t>(1, n)), strong};
}

/// Whether this picture repeats the last one (a clip converted to a higher frame rate shows each
/// picture twice or more): it differs from the last by less than a fifth of what frames lately
/// differ by (the upper quartile of the last 16 changes, so repeats, however many, do not set
/// the yardstick), in a clip whose frames do differ (at least 0.15 level on average: sensor
/// noise or motion), and nothing in it changed strongly. A repeat shows nothing new, and its
/// timestamp is not when its picture was taken. In a clip so clean and still that frames
/// hardly differ, nothing is called a repeat: there a small ball moving is all the change
/// there is. Nor is a frame where little but something moved: an encoder that copies a still
/// background into a B-frame makes its mean change small too.
bool is_repeat(bt_detector *d, const PictureChange &change) {
    constexpr size_t kRecentChanges = 16;
    auto &recent = d->recent_change;
    bool repeat = false;
    if (recent.size() >= 8) {
        auto &ranked = d->ranked_change;
        ranked.assign(recent.begin(), recent.end());  // within capacity: no allocation
        auto quartile = ranked.begin() + (3 * ranked.size()) / 4;
        std::nth_element(ranked.begin(), quartile, ranked.end());
        double typical = *quartile;
        repeat = typical >= 0.15 && change.mean < 0.2 * typical && change.strong <= kRepeatStrongPixels;
    }
    if (recent.size() < kRecentChanges) {
        recent.reserve(kRecentChanges);
        d->ranked_change.reserve(kRecentChanges);
        recent.push_back(change.mean);
    } else {
        recent[d->next_change] = change.mean;
        d->next_change = (d->next_change + 1) % kRecentChanges;
    }
    return repeat;
}

/// Moves the background model into this frame's pixels: each pixel takes the model's nearest
/// pixel to the point `to_model` maps it to. Nearest, not interpolated: the model is moved again
/// and again as the camera moves, and repeated interpolation would blur it until every edge in
/// the picture stood out from it. Pixels the camera has just brought into view start from this
/// picture, with the initial threshold.
void warp_model(bt_detector *d, const balltrace::Similarity &to_model) {
    const int w = d->width, h = d->height;
    const uint8_t initial = uint8_t(d->config.threshold_initial);
    const uint8_t *mean = d->mean.data(), *previous = d->previous.data();
    const uint8_t *threshold = d->threshold.data(), *still = d->still.data();
    // Local pointers: stores through uint8_t may alias anything, and would otherwise make the
    // compiler reload each vector's buffer for every pixel.
    uint8_t *__restrict out_mean = d->warped_mean.data(), *__restrict out_previous = d->warped_previous.data();
    uint8_t *__restrict out_threshold = d->warped_threshold.data(), *__restrict out_still = d->warped_still.data();
    // Pixels the camera has just brought into view start from this picture.
    auto uncovered = [&](size_t i, uint8_t value) {
        out_mean[i] = value;
        out_previous[i] = value;
        out_threshold[i] = initial;
        out_still[i] = 0;
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
                continue;
            }
            for (int x = 0; x < x0; ++x) uncovered(row + x, now[x]);
            for (int x = x1; x < w; ++x) uncovered(row + x, now[x]);
            const size_t from = size_t(sy) * w + x0 + kx, count = size_t(x1 - x0);
            std::memcpy(out_mean + row + x0, mean + from, count);
            std::memcpy(out_previous + row + x0, previous + from, count);
            std::memcpy(out_threshold + row + x0, threshold + from, count);
            std::memcpy(out_still + row + x0, still + from, count);
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
            for (int x = 0; x < w;) {
                const int64_t from = source(x);
                int end = x + 1;
                if (from < 0) {
                    while (end < w && source(end) < 0) ++end;
                    for (int i = x; i < end; ++i) uncovered(row + i, now[i]);
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
                }
                x = end;
            }
        }
    }
    d->mean.swap(d->warped_mean);
    d->previous.swap(d->warped_previous);
    d->threshold.swap(d->warped_threshold);
    d->still.swap(d->warped_still);
}

/// Mean absolute difference between this picture and `plane` (the last picture) seen through
/// `to_plane`, over every fourth pixel of every fourth row away from the border: how well the
/// last picture, moved that way, explains this one.
double mismatch(const bt_detector *d, const uint8_t *mean, const balltrace::Similarity &to_model) {
    const int w = d->width, h = d->height, margin = std::max(4, std::min(w, h) / 16);
    double total = 0;
    long count = 0;
    if (to_model.is_identity()) {
        // Unmoved: each sample is a pixel of `mean` itself (the same sum, in integers).
        uint64_t sum = 0;
        for (int y = margin; y < h - margin; y += 4) {
            const uint8_t *a = d->picture.data() + size_t(y) * w, *b = mean + size_t(y) * w;
            for (int x = margin; x < w - margin; x += 4, ++count) sum += a[x] > b[x] ? a[x] - b[x] : b[x] - a[x];
        }
        return count > 0 ? double(sum) / count : 0;
    }
    for (int y = margin; y < h - margin; y += 4)
        for (int x = margin; x < w - margin; x += 4) {
            double sx, sy;
            to_model.apply(x + 0.5, y + 0.5, sx, sy);
            sx -= 0.5;
            sy -= 0.5;
            if (sx < 0 || sy < 0 || sx >= w - 1 || sy >= h - 1) continue;
            int ix = int(sx), iy = int(sy);
            double fx = sx - ix, fy = sy - iy;
            const uint8_t *m = mean + size_t(iy) * w + ix;
            double top = m[0] + fx * (m[1] - m[0]), bottom = m[w] + fx * (m[w + 1] - m[w]);
            total += std::abs(d->picture[size_t(y) * w + x] - (top + fy * (bottom - top)));
            ++count;
        }
    return count > 0 ? total / count : 0;
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
    if (known && step.largest_displacement(d->width, d->height) >= 0.05 &&
        mismatch(d, d->last_picture.data(), step) < 0.95 * mismatch(d, d->last_picture.data(), balltrace::Similarity{})) {
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
void shift_region(bt_detector *d, int left, int right, int top, int bottom, double dx, double dy) {
    const int w = d->width, h = d->height;
    const int ix = int(std::floor(dx)), iy = int(std::floor(dy));
    const uint32_t wx = uint32_t(std::lround((dx - ix) * 256)), wy = uint32_t(std::lround((dy - iy) * 256));
    const uint8_t *p = d->picture.data();
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
        int x = x0;
#if CV_SIMD128
        // Eight pixels at a time.
        const cv::v_uint16x8 toward_right = cv::v_setall_u16(uint16_t(wx)), toward_lower = cv::v_setall_u16(uint16_t(wy));
        for (; x + 8 <= x1; x += 8)
            cv::v_pack_store(out + x, bilinear8(cv::v_load_expand(upper_row + x), cv::v_load_expand(upper_row + x + 1),
                                                cv::v_load_expand(lower_row + x), cv::v_load_expand(lower_row + x + 1),
                                                toward_right, toward_lower));
#endif
        for (; x < x1; ++x) {
            uint32_t upper = upper_row[x] * (256 - wx) + upper_row[x + 1] * wx;
            uint32_t lower = lower_row[x] * (256 - wx) + lower_row[x + 1] * wx;
            out[x] = uint8_t((upper * (256 - wy) + lower * wy + (1u << 15)) >> 16);
        }
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

/// Finds the foreground runs of every row and joins touching ones (8-connectivity).
void label_runs(bt_detector *d) {
    const int w = d->width;
    d->runs.clear();
    d->parent.clear();
    size_t previous_begin = 0, previous_end = 0;  // runs of the row above
    for (int y = 0; y < d->height; ++y) {
        const uint8_t *row = d->contrast.data() + size_t(y) * w;
        size_t row_begin = d->runs.size();
        int x = d->row_has_foreground[y] ? 0 : w;
        while (x < w) {
            // Skip empty stretches eight bytes at a time: most of a frame is background.
            if (x + 8 <= w) {
                uint64_t word;
                std::memcpy(&word, row + x, 8);
                if (word == 0) { x += 8; continue; }
            }
            if (row[x] == 0) { ++x; continue; }
            int start = x;
            while (x < w && row[x] != 0) ++x;
            int label = int(d->parent.size());
            d->parent.push_back(label);
            d->runs.push_back({y, start, x, label});
        }
        // Join with overlapping runs of the row above; both lists are sorted by x.
        size_t above = previous_begin;
        for (size_t i = row_begin; i < d->runs.size(); ++i) {
            Run &run = d->runs[i];
            while (above < previous_end && d->runs[above].x1 < run.x0) ++above;  // ends left of the diagonal
            for (size_t j = above; j < previous_end && d->runs[j].x0 <= run.x1; ++j) {
                int a = find_root(d->parent, run.label), b = find_root(d->parent, d->runs[j].label);
                if (a != b) d->parent[std::max(a, b)] = std::min(a, b);
            }
        }
        previous_begin = row_begin;
        previous_end = d->runs.size();
    }
}

}  // namespace

extern "C" int bt_detector_process(bt_detector *d, const uint8_t *luma, ptrdiff_t stride, bt_blob *blobs,
                                   int capacity, int *count, int *found_count, bt_frame_report *report,
                                   char *message, size_t size) {
    return guarded(message, size, [&] {
        *count = 0;
        *found_count = 0;
        *report = bt_frame_report{};
        report->a = 1;
        const auto &c = d->config;
        // The caller's plane is read in place, a row at a time; a last partial block of columns
        // or rows of a reduced picture is left out.
        reduce_picture(d, luma, stride);
        if (d->frames > 0) {
            const PictureChange change = picture_change(d);
            report->change = change.mean;
            report->strong_change = double(change.strong) / double(std::max<size_t>(1, d->picture.size()));
            if (is_repeat(d, change)) {
                report->repeated = 1;
                return;
            }
        }
        const uint8_t *seen = d->picture.data();
        if (d->motion) {
            follow_camera(d, report);
            if (!d->pending.is_identity()) {
                align_picture(d, d->pending);
                seen = d->aligned.data();
            }
        }
        update_model(d, seen);
        d->last_picture.swap(d->picture);
        d->frames++;
        label_runs(d);

        // Sums per blob, from its runs: closed forms for the coordinates, one pass over the
        // run's pixels for the contrast.
        const int w = d->width;
        std::vector<int> &index = d->blob_of_root;
        index.assign(d->parent.size(), -1);
        d->sums.clear();
        for (const Run &run : d->runs) {
            int root = find_root(d->parent, run.label);
            if (index[root] < 0) {
                index[root] = int(d->sums.size());
                BlobSums s;
                s.left = run.x0; s.right = run.x1 - 1; s.top = s.bottom = run.y;
                d->sums.push_back(s);
            }
            BlobSums &s = d->sums[index[root]];
            double n = run.x1 - run.x0, first = run.x0, last = run.x1 - 1, y = run.y;
            double sum_x = n * (first + last) / 2;
            // Σ x² over first…last.
            double sum_xx = (last * (last + 1) * (2 * last + 1) - (first - 1) * first * (2 * first - 1)) / 6;
            s.area += n;
            s.sx += sum_x;
            s.sy += n * y;
            s.sxx += sum_xx;
            s.syy += n * y * y;
            s.sxy += y * sum_x;
            s.left = std::min(s.left, run.x0);
            s.right = std::max(s.right, run.x1 - 1);
            s.bottom = std::max(s.bottom, run.y);
            const uint8_t *row = d->contrast.data() + size_t(run.y) * w;
            for (int x = run.x0; x < run.x1; ++x) {
                s.contrast += row[x];
                s.peak = std::max<int>(s.peak, row[x]);
            }
        }

        const double scale = c.reduction;
        // Blobs were found in the model's pixels: back to this picture's.
        const balltrace::Similarity to_picture = d->pending.inverse();
        const bool moved = !d->pending.is_identity();
        const double picture_scale = std::hypot(to_picture.a, to_picture.b), turn = std::atan2(to_picture.b, to_picture.a);
        d->found.clear();
        for (const BlobSums &s : d->sums) {
            int extent = std::max(s.right - s.left + 1, s.bottom - s.top + 1);
            if (s.area < c.min_area || extent > c.max_extent) continue;
            double cx = s.sx / s.area, cy = s.sy / s.area;
            // Pixel variance of 1/12 keeps single-pixel blobs from having zero extent.
            double mu20 = s.sxx / s.area - cx * cx + 1.0 / 12, mu02 = s.syy / s.area - cy * cy + 1.0 / 12;
            double mu11 = s.sxy / s.area - cx * cy;
            double common = std::sqrt(std::max(0.0, (mu20 - mu02) * (mu20 - mu02) / 4 + mu11 * mu11));
            double lambda1 = (mu20 + mu02) / 2 + common, lambda2 = std::max(1e-6, (mu20 + mu02) / 2 - common);
            double elongation = std::sqrt(lambda1 / lambda2);
            double angle = 0.5 * std::atan2(2 * mu11, mu20 - mu02);
            // The mask takes in pixels the ball only partly covers (its anti-aliased rim, the
            // halo compression leaves); weighting each by its share of the strongest contrast
            // counts them as the part of a pixel they are, so a ball of 2 px is not called 3.
            double covered = std::max(1.0, s.contrast / s.peak);
            // Minor semi-axis from the covered area and the elongation: robust for blobs of a
            // few pixels, where second moments are mostly pixelization.
            double minor = std::sqrt(covered / (M_PI * elongation));
            bt_blob b;
            double px = cx + 0.5, py = cy + 0.5;
            if (moved) {
                to_picture.apply(cx + 0.5, cy + 0.5, px, py);
                minor *= picture_scale;
                angle += turn;
            }
            b.x = px * scale;
            b.y = py * scale;
            b.radius = minor * scale;
            b.area = s.area * scale * scale;
            b.elongation = elongation;
            b.length = 2 * minor * elongation * scale;
            b.orientation = angle;
            b.contrast = s.contrast / s.area;
            d->found.push_back(b);
        }
        *found_count = int(d->found.size());
        // Strongest first, so a cap drops the faint noise rather than the ball.
        int k = std::min<int>(capacity, int(d->found.size()));
        std::partial_sort(d->found.begin(), d->found.begin() + k, d->found.end(),
                          [](const bt_blob &a, const bt_blob &b) { return a.contrast * a.area > b.contrast * b.area; });
        std::copy(d->found.begin(), d->found.begin() + k, blobs);
        *count = k;
    });
}
