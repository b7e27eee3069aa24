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
#include "DetectorState.hpp"
#include "Guard.hpp"
#include <time.h>

using balltrace::guarded;
using namespace balltrace::detector;

/// The calling thread's CPU time, seconds: what a stage of this frame cost, whatever else the
/// machine's other cores were doing meanwhile (decoding, tracking).
static double thread_cpu_seconds() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) + 1e-9 * double(now.tv_nsec);
}

extern "C" int bt_detector_create(const bt_detector_config *config, bt_detector **out, char *message, size_t size) {
    return guarded(message, size, [&] {
        *out = nullptr;
        const auto &c = *config;
        if (c.frame_width <= 0 || c.frame_height <= 0 || c.reduction < 1)
            throw std::invalid_argument("detector: frame size and reduction must be positive");
        // Each analysis pixel averages a whole block of the frame: a frame smaller than one
        // block has none (found by the fuzzer: a 1×1 frame reduced by 3 read past its plane).
        if (c.frame_width < c.reduction || c.frame_height < c.reduction)
            throw std::invalid_argument("detector: the frame is smaller than one reduction block");
        if (c.threshold_minimum < 1 || c.threshold_maximum < c.threshold_minimum || c.threshold_maximum > 255 ||
            c.threshold_initial < 1 || c.threshold_initial > 255)
            throw std::invalid_argument("detector: thresholds must satisfy 1 ≤ minimum ≤ maximum ≤ 255");
        if (c.still_frames < 1 || c.still_frames > 255)
            throw std::invalid_argument("detector: still_frames must be 1…255");
        if (c.kept_frames < 1 || c.kept_frames > 64)
            throw std::invalid_argument("detector: kept_frames must be 1…64");
        if (c.history_frames < c.kept_frames || c.history_frames > 4096)
            throw std::invalid_argument("detector: history_frames must be kept_frames…4096");
        auto d = std::make_unique<bt_detector>();
        d->config = c;
        d->wide = !c.narrow_vectors && has_wide_vectors();
        d->width = std::max(1, c.frame_width / c.reduction);
        d->height = std::max(1, c.frame_height / c.reduction);
        size_t pixels = size_t(d->width) * d->height;
        d->mean.assign(pixels, 0);
        d->threshold.assign(pixels, uint8_t(c.threshold_initial));
        d->previous.assign(pixels, 0);
        d->still.assign(pixels, 0);
        d->mask_words = (d->width + 63) / 64;
        d->foreground.assign(size_t(d->mask_words) * d->height, 0);
        d->differences.assign(pixels * c.kept_frames, 0);
        d->plane_serial.assign(c.kept_frames, -1);
        d->faint_to_model.assign(c.history_frames, balltrace::Similarity{});
        d->faint_serial.assign(c.history_frames, -1);
        d->left_out.assign(c.history_frames, {});
        d->column_sums.assign(size_t(d->width) * c.reduction, 0);
        d->row_has_foreground.assign(d->height, 0);
        d->picture.assign(pixels, 0);
        d->last_picture.assign(pixels, 0);
        d->older_picture.assign(pixels, 0);
        // The planes only a repeated picture or a moving camera needs are made when first
        // needed (see make_plane): a clip filmed from a tripod never touches them.
        if (c.compensate_motion) d->motion = std::make_unique<balltrace::CameraMotionEstimator>(d->width, d->height, d->wide);
        *out = d.release();
    });
}

extern "C" void bt_detector_destroy(bt_detector *detector) { delete detector; }

extern "C" void bt_detector_analysis_size(const bt_detector *d, int *width, int *height) {
    *width = d->width;
    *height = d->height;
}

namespace {

/// Finds the foreground runs of every row and joins touching ones (8-connectivity). A row's
/// runs are read from the bit masks the model's update wrote, 64 pixels to a word: in clutter a
/// row holds dozens of short runs, and scanning for each one's start and end byte by byte cost
/// more than the rest of labelling.
void label_runs(bt_detector *d) {
    const int w = d->width;
    const int words = d->mask_words;
    d->runs.clear();
    d->parent.clear();
    size_t previous_begin = 0, previous_end = 0;  // runs of the row above
    for (int y = 0; y < d->height; ++y) {
        const uint64_t *masks = d->foreground.data() + size_t(y) * words;
        size_t row_begin = d->runs.size();
        if (d->row_has_foreground[y]) {
            // Runs from the masks' edges: a run starts at a set bit after a clear one and ends at
            // the next clear bit (or the row's end), across words.
            int start = -1;
            for (int word = 0; word < words; ++word) {
                const int base = 64 * word;
                uint64_t mask = masks[word];
                int at = 0;
                while (at < 64) {
                    if (start < 0) {
                        const uint64_t rest = mask >> at;
                        if (rest == 0) break;
                        at += __builtin_ctzll(rest);
                        start = base + at;
                    } else {
                        const uint64_t rest = ~mask >> at;
                        if (rest == 0) break;
                        at += __builtin_ctzll(rest);
                        const int label = int(d->parent.size());
                        d->parent.push_back(label);
                        d->runs.push_back({y, start, base + at, label});
                        start = -1;
                    }
                }
            }
            if (start >= 0) {
                const int label = int(d->parent.size());
                d->parent.push_back(label);
                d->runs.push_back({y, start, w, label});
            }
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
            const PictureChange change = d->change;
            report->change = change.mean;
            report->strong_change = double(change.strong) / double(std::max<size_t>(1, d->picture.size()));
            const bool repeat = is_repeat(d, change);
            d->last_was_repeat = repeat;
            if (repeat) {
                report->repeated = 1;
                make_plane(d, d->repeated_picture);
                d->repeated_picture.swap(d->picture);
                return;
            }
        }
        const uint8_t *seen = d->picture.data();
        if (d->motion) {
            const double started = thread_cpu_seconds();
            follow_camera(d, report);
            if (!d->pending.is_identity()) {
                align_picture(d, d->pending);
                seen = d->aligned.data();
            }
            report->camera_seconds = thread_cpu_seconds() - started;
        }
        update_model(d, seen);
        const int slot = int(d->frames % c.kept_frames), history = int(d->frames % c.history_frames);
        d->plane_serial[slot] = d->frames;
        d->faint_to_model[history] = d->pending;
        d->faint_serial[history] = d->frames;
        report->serial = d->frames;
        d->older_picture.swap(d->last_picture);
        d->last_picture.swap(d->picture);
        d->frames++;
        label_runs(d);

        // Sums per blob, from its runs: closed forms for the coordinates, one pass over the
        // run's pixels for the contrast (under the foreground bits, this frame's difference from
        // the model).
        const int w = d->width;
        const uint8_t *contrast_plane = d->differences.data() + size_t(slot) * w * d->height;
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
            const int64_t n = run.x1 - run.x0, first = run.x0, last = run.x1 - 1, y = run.y;
            const int64_t sum_x = n * (first + last) / 2;
            // Σ x² over first…last.
            const int64_t sum_xx = (last * (last + 1) * (2 * last + 1) - (first - 1) * first * (2 * first - 1)) / 6;
            s.area += n;
            s.sx += sum_x;
            s.sy += n * y;
            s.sxx += sum_xx;
            s.syy += n * y * y;
            s.sxy += y * sum_x;
            s.left = std::min(s.left, run.x0);
            s.right = std::max(s.right, run.x1 - 1);
            s.bottom = std::max(s.bottom, run.y);
            // In a local, then added once: no store to the blob per pixel.
            const uint8_t *row = contrast_plane + size_t(run.y) * w;
            uint32_t contrast = 0;
            int peak = s.peak;
            for (int x = run.x0; x < run.x1; ++x) {
                contrast += row[x];
                peak = std::max<int>(peak, row[x]);
            }
            s.contrast += contrast;
            s.peak = peak;
        }

        const double scale = c.reduction;
        // Blobs were found in the model's pixels: back to this picture's.
        const balltrace::Similarity to_picture = d->pending.inverse();
        const bool moved = !d->pending.is_identity();
        // Ranked first, by strength (contrast × area, as the blob reports them), so that the
        // shape of only the blobs handed over is worked out: in clutter thousands pass the size
        // filters and a few hundred are kept.
        auto &ranked = d->ranked_blobs;
        ranked.clear();
        for (size_t i = 0; i < d->sums.size(); ++i) {
            const BlobSums &s = d->sums[i];
            int extent = std::max(s.right - s.left + 1, s.bottom - s.top + 1);
            const double area = double(s.area);
            if (area < c.min_area || extent > c.max_extent) continue;
            ranked.push_back({(double(s.contrast) / area) * (area * scale * scale), int(i)});
        }
        *found_count = int(ranked.size());
        // Strongest first, so a cap drops the faint noise rather than the ball.
        int k = std::min<int>(capacity, int(ranked.size()));
        std::partial_sort(ranked.begin(), ranked.begin() + k, ranked.end(),
                          [](const std::pair<double, int> &a, const std::pair<double, int> &b) { return a.first > b.first; });
        auto &left_out = d->left_out[size_t(history)];
        left_out.clear();
        for (size_t j = size_t(k); j < ranked.size(); ++j) left_out.push_back(d->sums[size_t(ranked[j].second)]);
        const double picture_scale = moved ? std::hypot(to_picture.a, to_picture.b) : 1;
        const double turn = moved ? std::atan2(to_picture.b, to_picture.a) : 0;
        for (int j = 0; j < k; ++j)
            blobs[j] = handed_over(d->sums[size_t(ranked[size_t(j)].second)], scale, moved, to_picture, picture_scale, turn);
        *count = k;
    });
}
