// The detector's state and its stages, shared by the files that implement them (Detector.cpp:
// the C entry points and blob extraction; Background.cpp: the background model; ModelWarp.cpp
// and PictureAlignment.cpp: following the camera). Private to this target: Swift sees only
// include/balltrace_vision.h.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <vector>
#include <opencv2/core.hpp>
#include <opencv2/core/hal/intrin.hpp>
#include "CameraMotion.hpp"
#include "Halve.hpp"
#include "include/balltrace_vision.h"

namespace balltrace::detector {

/// A horizontal run of foreground pixels [x0, x1) in row y, and the blob it belongs to.
struct Run {
    int y, x0, x1;
    int label;
};

/// Sums that make a blob's area, centre, second moments and contrast.
struct BlobSums {
    // Whole numbers, added exactly: a blob's pixels' coordinates, their squares and products,
    // and its contrast (converted once, where the blob is measured).
    int64_t area = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0, contrast = 0;
    int peak = 1;
    int left = 0, top = 0, right = 0, bottom = 0;  // inclusive bounds
};

/// A blob's centre (pixel indices), shape and size, from its sums.
struct BlobShape {
    double cx, cy, elongation, angle, minor;
};

inline BlobShape shape_of(const BlobSums &s) {
    const double area = double(s.area);
    const double cx = double(s.sx) / area, cy = double(s.sy) / area;
    // Pixel variance of 1/12 keeps single-pixel blobs from having zero extent.
    const double mu20 = double(s.sxx) / area - cx * cx + 1.0 / 12, mu02 = double(s.syy) / area - cy * cy + 1.0 / 12;
    const double mu11 = double(s.sxy) / area - cx * cy;
    const double common = std::sqrt(std::max(0.0, (mu20 - mu02) * (mu20 - mu02) / 4 + mu11 * mu11));
    const double lambda1 = (mu20 + mu02) / 2 + common, lambda2 = std::max(1e-6, (mu20 + mu02) / 2 - common);
    const double elongation = std::sqrt(lambda1 / lambda2);
    const double angle = 0.5 * std::atan2(2 * mu11, mu20 - mu02);
    // The mask takes in pixels the ball only partly covers (its anti-aliased rim, the halo
    // compression leaves); weighting each by its share of the strongest contrast counts them as
    // the part of a pixel they are, so a ball of 2 px is not called 3.
    const double covered = std::max(1.0, double(s.contrast) / s.peak);
    // Minor semi-axis from the covered area and the elongation: robust for blobs of a few
    // pixels, where second moments are mostly pixelization.
    return {cx, cy, elongation, angle, std::sqrt(covered / (M_PI * elongation))};
}

/// A blob as the detector hands it over: in this picture's pixels (through `to_picture`, of
/// scale `picture_scale` and turn `turn`, when the camera moved), stored size (`scale`).
inline bt_blob handed_over(const BlobSums &s, double scale, bool moved, const balltrace::Similarity &to_picture,
                           double picture_scale, double turn) {
    const BlobShape shape = shape_of(s);
    const double area = double(s.area);
    double minor = shape.minor, angle = shape.angle;
    double px = shape.cx + 0.5, py = shape.cy + 0.5;
    if (moved) {
        to_picture.apply(shape.cx + 0.5, shape.cy + 0.5, px, py);
        minor *= picture_scale;
        angle += turn;
    }
    bt_blob b;
    b.x = px * scale;
    b.y = py * scale;
    b.radius = minor * scale;
    b.area = area * scale * scale;
    b.elongation = shape.elongation;
    b.length = 2 * minor * shape.elongation * scale;
    b.orientation = angle;
    b.contrast = double(s.contrast) / area;
    return b;
}

/// How this picture differs from the last: the mean absolute difference (8-bit levels), and
/// how many pixels differ strongly.
struct PictureChange {
    double mean = 0;
    long strong = 0;
};

inline int find_root(std::vector<int> &parent, int i) {
    while (parent[i] != i) {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    return i;
}

}  // namespace balltrace::detector

struct bt_detector {
    bt_detector_config config;
    int width = 0, height = 0;            // analysis picture
    bool wide = false;                    // 32-byte vectors (AVX2) where the processor has them, unless config says narrow
    std::vector<uint16_t> column_sums;    // one reduced row's input: k rows summed per column
    std::vector<uint8_t> row_has_foreground;  // per analysis row, this frame
    std::vector<uint8_t> mean, threshold; // the background model, one byte per analysis pixel
    std::vector<uint8_t> previous;        // the last analysis picture
    std::vector<uint8_t> still;           // frames since each pixel last changed, up to 255
    // Pixels the camera has lately brought into view, which the model has not yet seen hold
    // still or has just settled (see learn_young_pixels): kYoungUncovered, kYoungUnsettled, a
    // probation count, or 0 once settled; and per row, whether it holds any. Empty until the
    // model is first moved.
    std::vector<uint8_t> young, row_young;
    // This frame's foreground, a bit a pixel, 64 to a word, `mask_words` words a row (the bits
    // past the row's end clear): written by the model's update, read by labelling. Its contrast
    // is the difference from the model (`differences`, this frame's plane) under the bits.
    std::vector<uint64_t> foreground;
    int mask_words = 0;
    std::vector<balltrace::detector::Run> runs;
    std::vector<int> parent;              // union-find over run labels
    std::vector<int> blob_of_root;        // root label → index into sums
    std::vector<balltrace::detector::BlobSums> sums;
    // Blobs that pass the size filters, by index into `sums`, with the strength they are ranked
    // by: only the strongest `capacity` are measured in full.
    std::vector<std::pair<double, int>> ranked_blobs;
    long frames = 0;
    // This frame's analysis picture, the last one (both in their own frames' pixels), this
    // picture seen in the model's pixels, and the warped model while it is being moved.
    std::vector<uint8_t> picture, last_picture, aligned;
    // The picture that was new before the last one (its own frame's pixels): a repeat that
    // went through an encoder is told by how much it differs from this one (see is_repeat).
    std::vector<uint8_t> older_picture;
    // The last picture when it was a repeat (while `last_was_repeat`): a picture shown three
    // times and re-encoded differs less from its second showing than from its first.
    std::vector<uint8_t> repeated_picture;
    bool last_was_repeat = false;
    // Repeats found by the tests that do not look at the picture before the last.
    long plain_repeats = 0;
    // How far the camera was found to move between the last new picture and the one before
    // (largest displacement, analysis pixels; 0 when it stood still).
    double camera_step = 0;
    // How this picture differs from the last (worked out while the picture is made).
    balltrace::detector::PictureChange change;
    std::vector<uint8_t> warped_mean, warped_threshold, warped_previous, warped_still, warped_young, warped_row_young;
    std::vector<int16_t> column_blend;    // one row's columns blended down, for a shift (scratch)
    // Mean absolute change of the picture from the last, in recent frames (a ring of
    // kRecentChanges), and scratch to rank them.
    std::vector<double> recent_change, ranked_change;
    size_t next_change = 0;
    // How the last picture that was not a repeat differed from the one before it.
    balltrace::detector::PictureChange last_new_change;
    std::unique_ptr<balltrace::CameraMotionEstimator> motion;
    // From this frame's pixels to the model's (analysis pixels): the camera's motion since the
    // model was last moved. Each picture is compared with the model through it.
    balltrace::Similarity pending;
    // From the model's pixels to the scene's: the first frame's, carried along by each move.
    balltrace::Similarity scene_from_model;
    // The last `config.kept_frames` analysed frames, by serial number modulo that: each one's
    // |picture − model| everywhere (the model before it learned from that picture), for the
    // search for a ball too faint to be a blob, and whose plane each slot holds.
    std::vector<uint8_t> differences;
    std::vector<long> plane_serial;
    // The last `config.history_frames` analysed frames, by serial number modulo that: the map
    // from each one's pixels to the model's then, and the blobs the cap left out (found, of a
    // size to keep, but weaker than the `capacity` handed over): in clutter a ball passing
    // something is sometimes one of them, and a flight just confirmed looks for its ball among
    // them in the frames it missed, as far back as the tracker keeps frames. Small: kept
    // longer than the planes, so that detection running ahead never overwrites a frame the
    // tracking thread may still read.
    std::vector<balltrace::Similarity> faint_to_model;
    std::vector<long> faint_serial;
    std::vector<std::vector<balltrace::detector::BlobSums>> left_out;
};


/// A young pixel's states (see bt_detector::young): brought into view by this frame's move of
/// the model, and seen since but not yet twice alike.
inline constexpr uint8_t kYoungUncovered = 2, kYoungUnsettled = 1;
/// A young pixel just settled stays on probation for `kYoungProbationFrames` frames, its young
/// value counting down from kYoungProbationEnd + kYoungProbationFrames − 1 to kYoungProbationEnd
/// (see learn_young_pixels).
inline constexpr uint8_t kYoungProbationEnd = 3, kYoungProbationFrames = 8;

/// A pixel's threshold follows this multiple of its median absolute difference from the
/// background: about four standard deviations of Gaussian noise, where the noise alone crosses
/// it in one pixel of 16,000.
inline constexpr int kNoiseMultiple = 6;

/// One row of the background model's update (see update_model).
struct RowUpdate {
    const uint8_t *in;
    uint8_t *mean, *threshold, *previous, *still, *difference;
    /// The row's foreground bits, as bytes: pixel x is bit x % 8 of byte x / 8.
    uint8_t *foreground;
    int width;
    uint8_t low, high, settled;
    bool refreshing;
};
/// Whether this processor has 32-byte vectors (AVX2) for update_row_wide.
bool has_wide_vectors();
/// Updates the row's first pixels 32 at a time with AVX2 (only when has_wide_vectors()), the
/// same arithmetic as update_model's 16-pixel loop; returns how many it did, and in `any`
/// whether one of them is foreground.
int update_row_wide(const RowUpdate &row, bool &any);

/// How row `a` differs from row `b` over their first pixels, 32 at a time with AVX2 (only when
/// has_wide_vectors()): adds the sum of absolute differences to `total` and the pixels that
/// differ by more than `strong_change` to `strong`, copying `a` to `copy_to` when given; returns
/// how many pixels it compared.
int compare_row_wide(const uint8_t *a, const uint8_t *b, int n, uint8_t *copy_to, uint8_t strong_change,
                     uint64_t &total, long &strong);

/// From `x` on in a row of `width` bytes, 32 at a time with AVX2 (only when
/// has_wide_vectors()): the first nonzero byte, or where fewer than 32 bytes are left to look at.
int skip_background_wide(const uint8_t *row, int x, int width);

/// The first nonzero byte of row[x…width), or width: 32 bytes at a time with AVX2 (`wide`), then
/// 16, then one by one. Most of a row of young pixels settled.
inline int next_nonzero(const uint8_t *row, int x, int width, bool wide) {
    while (x < width) {
        if (wide && (x = skip_background_wide(row, x, width)) >= width) return width;
#if CV_SIMD128
        if (x + 16 <= width) {
            const cv::v_uint8x16 block = cv::v_load(row + x) > cv::v_setzero_u8();
            if (!cv::v_check_any(block)) { x += 16; continue; }
            return x + cv::v_scan_forward(block);
        }
#endif
        if (row[x] != 0) return x;
        ++x;
    }
    return width;
}

/// shift_region's two passes (PictureAlignment.cpp) with AVX2 (only when has_wide_vectors()), the
/// same 16- and 32-bit arithmetic: columns x0… of two rows blended down by `wy` into `blend`
/// (32 at a time), and pixels x0… of `blend` across by `wx` into `out` (16 at a time); each
/// returns the first column it left to the narrower loops.
int blend_rows_wide(const uint8_t *upper, const uint8_t *lower, int x0, int x1, int wy, int16_t *blend);
int blend_across_wide(const int16_t *blend, int x0, int x1, int wx, uint8_t *out);

/// Adds |a[x] − b[x]| for every fourth x from `x` on (while x < `end`) to `sum`, eight at a time
/// with AVX2 (only when has_wide_vectors()); returns the first x it left to the caller.
int sampled_difference_wide(const uint8_t *a, const uint8_t *b, int x, int end, uint64_t &sum);

/// One row of mismatch's moved samples (ModelWarp.cpp), four at a time with AVX2 (only when
/// has_wide_vectors()), the same fixed-point arithmetic sample for sample: `row` is the row of
/// this picture, `last` the last picture (`width` × `height`), samples at x, x + 4, … while
/// x + 12 < `end`, their positions in the last picture `sx`, `sy` (1/2³² pixel) stepped by
/// `step_x`, `step_y` per sample. Adds each inside sample's |difference| (1/2³² level) to
/// `total` and counts it; returns the first x left to the caller, with `sx`, `sy` at it.
int moved_difference_wide(const uint8_t *row, const uint8_t *last, int width, int height, int x, int end, int64_t &sx,
                          int64_t &sy, int64_t step_x, int64_t step_y, uint64_t &total, long &count);

/// Where a moving object covers a pixel, the model learns from it only one frame in this many:
/// a slow ball would otherwise raise the background and the threshold along its own path (each
/// frame it covers a pixel moves both a level), and fade from its own detection. Fluttering
/// leaves, which keep differing, still raise their threshold, a quarter as fast.
inline constexpr long kForegroundRefresh = 4;

namespace balltrace::detector {

/// Gives `plane` one byte per analysis pixel, all 0, unless it has them already: the planes a
/// repeated picture or a moving camera needs (half a megabyte each at 1080p) are made the first
/// time they are, and a clip from a tripod needs none.
inline void make_plane(bt_detector *d, std::vector<uint8_t> &plane) {
    if (plane.empty()) plane.assign(size_t(d->width) * size_t(d->height), 0);
}

// Background.cpp
void reduce_picture(bt_detector *d, const uint8_t *luma, ptrdiff_t stride);
void update_model(bt_detector *d, const uint8_t *picture);
bool is_repeat(bt_detector *d, const PictureChange &change);
// ModelWarp.cpp
void follow_camera(bt_detector *d, bt_frame_report *report);
// PictureAlignment.cpp
void align_picture(bt_detector *d, const balltrace::Similarity &to_model);

}  // namespace balltrace::detector
