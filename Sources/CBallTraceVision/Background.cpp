// The background model: the analysis picture reduced from the stored luma plane, the
// sigma-delta update that gives each frame's foreground contrast, and how a picture differs from
// the last (repeats of a converted clip). See Detector.cpp for the method.
#include "DetectorState.hpp"
#include "Halve.hpp"

namespace balltrace::detector {

/// One row of the picture reduced by the whole factor k, into `out`: the mean of each k × k
/// block of `rows` (k rows of the stored picture), rounded. Column sums first, then sums of k
/// neighbours: both plain loops the compiler vectorizes.
static void reduce_rows(bt_detector *d, const uint8_t *rows, ptrdiff_t stride, uint8_t *out, bool wide) {
    const int k = d->config.reduction, w = d->width, span = w * k;
    if (k == 2) {
        balltrace::halve_row(rows, rows + stride, w, out, wide ? halve_row_wide(rows, rows + stride, w, out) : 0);
        return;
    }
    uint16_t *sums = d->column_sums.data();
    for (int x = 0; x < span; ++x) sums[x] = rows[x];
    for (int r = 1; r < k; ++r) {
        const uint8_t *row = rows + r * stride;
        for (int x = 0; x < span; ++x) sums[x] += row[x];
    }
    // Division by k² as a multiplication: exact to within one level, the same every frame.
    const uint32_t area = uint32_t(k * k), half = area / 2;
    const uint32_t reciprocal = (65536 + half) / area;
    for (int x = 0; x < w; ++x) {
        uint32_t total = 0;
        for (int j = 0; j < k; ++j) total += sums[k * x + j];
        out[x] = uint8_t(std::min<uint32_t>(255, ((total + half) * reciprocal) >> 16));
    }
}

/// Lets the model take young pixels as they are (see bt_detector::young): the camera brought
/// them into view with whatever they showed then, which may be something passing through (a
/// ball leaving the top of the picture as the camera tilts up after it). Taken for background
/// at once, that would stand out as foreground where the ball was for as long as a still pixel
/// may (`still_frames`) and be followed as the ball standing there. So a young pixel's model is
/// the picture itself, and it shows no foreground, until it has been seen twice alike (within
/// its threshold). Even then what it settled on may be a ball lingering at the edge as it
/// leaves (the part of it still inside slows as it goes): for `kYoungProbationFrames` more
/// frames, a pixel that differs from its model but is alike in two pictures running takes
/// that picture as its model again, so the ball it settled on leaves no trace where it was.
/// Otherwise it is learned and compared as any other. Runs before the update, which then finds
/// no difference where a pixel was taken as it is. Rows without young pixels are skipped.
static void learn_young_pixels(bt_detector *d, const uint8_t *picture) {
    if (d->young.empty()) return;
    const int w = d->width;
    for (int y = 0; y < d->height; ++y) {
        if (!d->row_young[y]) continue;
        const size_t row = size_t(y) * w;
        const uint8_t *in = picture + row;
        uint8_t *young = d->young.data() + row, *mean = d->mean.data() + row, *previous = d->previous.data() + row;
        const uint8_t *threshold = d->threshold.data() + row;
        bool any = false;
        // Young pixels lie along the edges the camera uncovered: most of a row is settled.
        for (int x = next_nonzero(young, 0, w, d->wide); x < w; x = next_nonzero(young, x + 1, w, d->wide)) {
            const int change = in[x] > previous[x] ? in[x] - previous[x] : previous[x] - in[x];
            if (young[x] >= kYoungProbationEnd) {
                const int off = in[x] > mean[x] ? in[x] - mean[x] : mean[x] - in[x];
                if (off > threshold[x] && change <= threshold[x]) mean[x] = in[x];
                young[x] = young[x] == kYoungProbationEnd ? 0 : uint8_t(young[x] - 1);
            } else {
                if (young[x] == kYoungUncovered) {
                    young[x] = kYoungUnsettled;
                } else if (change <= threshold[x]) {
                    young[x] = uint8_t(kYoungProbationEnd + kYoungProbationFrames - 1);
                }
                mean[x] = in[x];
                previous[x] = in[x];
            }
            any = any || young[x];
        }
        d->row_young[y] = uint8_t(any);
    }
}

/// Updates the model with one analysis-size picture and writes this frame's foreground contrast.
/// Thirty-two pixels at a time where the processor has AVX2 (BackgroundWide.cpp), then sixteen
/// in 8-bit lanes (OpenCV's universal intrinsics: `+` and `-` saturate on 8-bit lanes), then the
/// rest of the row one by one, all with the same arithmetic.
void update_model(bt_detector *d, const uint8_t *picture) {
    const auto &c = d->config;
    const int w = d->width;
    const uint8_t lo = uint8_t(c.threshold_minimum), hi = uint8_t(c.threshold_maximum);
    const bool first = d->frames == 0;
    const bool refreshing = d->frames % kForegroundRefresh == 0;
    uint8_t *differences = d->differences.data() + size_t(d->frames % c.kept_frames) * w * d->height;
    const bool wide = d->wide;
    if (!first) learn_young_pixels(d, picture);
    for (int y = 0; y < d->height; ++y) {
        const uint8_t *in = picture + size_t(y) * w;
        uint8_t *mean = d->mean.data() + size_t(y) * w;
        uint8_t *threshold = d->threshold.data() + size_t(y) * w;
        uint8_t *foreground = reinterpret_cast<uint8_t *>(d->foreground.data() + size_t(y) * d->mask_words);
        uint8_t *previous = d->previous.data() + size_t(y) * w;
        uint8_t *still = d->still.data() + size_t(y) * w;
        uint8_t *difference_row = differences + size_t(y) * w;
        if (first) {
            std::memset(difference_row, 0, w);
            std::memcpy(mean, in, w);
            std::memcpy(previous, in, w);
            std::memset(foreground, 0, size_t(d->mask_words) * sizeof(uint64_t));
            d->row_has_foreground[y] = 0;
            continue;
        }
        int x = 0;
        bool any = false;
        if (wide)
            x = update_row_wide({in, mean, threshold, previous, still, difference_row, foreground, w, lo, hi,
                                 uint8_t(c.still_frames), refreshing}, any);
#if CV_SIMD128
        {
            cv::v_uint8x16 seen = cv::v_setzero_u8();
            const cv::v_uint8x16 one = cv::v_setall_u8(1), low = cv::v_setall_u8(lo), high = cv::v_setall_u8(hi);
            const cv::v_uint8x16 settled = cv::v_setall_u8(uint8_t(c.still_frames));
            const cv::v_uint8x16 refresh = cv::v_setall_u8(refreshing ? 0xFF : 0);
            for (; x + 16 <= w; x += 16) {
                cv::v_uint8x16 value = cv::v_load(in + x), m = cv::v_load(mean + x), t = cv::v_load(threshold + x);
                cv::v_uint8x16 difference = cv::v_absdiff(value, m);
                cv::v_store(difference_row + x, difference);
                cv::v_uint8x16 last = cv::v_load(previous + x);
                cv::v_store(previous + x, value);
                cv::v_uint8x16 age = cv::v_load(still + x) + one;  // saturated
                age = age & ~(cv::v_absdiff(value, last) > t);
                cv::v_store(still + x, age);
                cv::v_uint8x16 moving = (difference > t) & (age < settled);
                const uint16_t bits = uint16_t(cv::v_signmask(moving));
                std::memcpy(foreground + x / 8, &bits, sizeof bits);
                cv::v_uint8x16 step = (~moving | refresh) & one;
                m = cv::v_sub_wrap(cv::v_add_wrap(m, (value > m) & step), (value < m) & step);
                cv::v_store(mean + x, m);
                cv::v_uint8x16 twice = difference + difference, target = twice + twice + twice;  // saturated
                t = cv::v_sub_wrap(cv::v_add_wrap(t, (target > t) & step), (target < t) & step);
                cv::v_store(threshold + x, cv::v_min(high, cv::v_max(low, t)));
                seen = seen | moving;
            }
            any = any || cv::v_check_any(seen);
        }
#endif
        // The last pixels' bits one by one, into bytes cleared first (and the row's last word
        // clear past its end).
        std::memset(foreground + x / 8, 0, size_t(d->mask_words) * sizeof(uint64_t) - size_t(x / 8));
        for (; x < w; ++x) {
            int value = in[x], m = mean[x], t = threshold[x];
            int difference = value > m ? value - m : m - value;
            difference_row[x] = uint8_t(difference);
            int change = value > previous[x] ? value - previous[x] : previous[x] - value;
            previous[x] = uint8_t(value);
            still[x] = change > t ? 0 : uint8_t(std::min(255, still[x] + 1));
            bool moving = difference > t && still[x] < c.still_frames;
            if (moving) foreground[x / 8] |= uint8_t(1u << (x % 8));
            if (!moving || refreshing) {
                m += (value > m) - (value < m);
                mean[x] = uint8_t(m);
                int target = std::min(255, kNoiseMultiple * difference);
                t += (target > t) - (target < t);
                threshold[x] = uint8_t(std::min<int>(hi, std::max<int>(lo, t)));
            }
            any |= moving;
        }
        d->row_has_foreground[y] = any;
    }
}

/// A difference no compression noise on a repeated picture reaches, but anything moving does
/// (a ball, a club, a golfer at the top of the backswing).
constexpr int kStrongChange = 24;
/// A repeated picture has at most this many strongly changed pixels (a few, from compression),
/// or, after a picture that changed a great deal, this share of its strongly changed pixels.
constexpr long kRepeatStrongPixels = 4;
/// A re-encoded repeat's strongly changed pixels (compression noise along edges), as a share
/// of the last new picture's: at most this share whatever moved, and at most the larger share
/// after clear motion, an order of magnitude below it (motion does not fall tenfold between
/// two frames).
constexpr double kRepeatStrongShare = 0.03;
constexpr double kNoisyRepeatStrongShare = 0.1;
/// Clear motion: at least this share of the picture changed strongly (a golfer swinging, a
/// camera panning). A ball alone crossing a still scene changes far less, and there a frame
/// is called a repeat only when it shows no strong change at all.
constexpr double kClearMotionShare = 0.004;

/// A repeat's change from the last new picture, at most these shares of its change from the new
/// picture before that: its strongly changed pixels and its mean change. (Measured on slow
/// motion re-encoded at CRF 23–32: repeats' strong share mostly under 0.1, new pictures' above
/// 0.2; mean shares under 0.45 and above 0.5.)
constexpr double kOlderRepeatStrongShare = 0.15;
constexpr double kOlderRepeatMeanShare = 0.45;
/// The typical mean change (8-bit levels) of a clip whose pictures do differ, by sensor noise or
/// motion; below it, a clean still scene where a small ball may be all that changes.
constexpr double kTypicalChange = 0.15;
/// The least typical mean change, and the strongly changed pixels of the last new picture, for
/// a repeat to be told in a quieter clip (see is_repeat).
constexpr double kQuietTypicalChange = 0.05;
constexpr double kQuietMotionPixels = 100;
/// Repeats the other tests must have found before that one is used.
constexpr long kRepeatsBeforeOlderTest = 2;
/// A camera step (largest displacement, analysis pixels) below which the camera counts as
/// steady for that test.
constexpr double kSteadyCameraStep = 0.5;
/// A camera step (analysis pixels: 0.37 % of the picture's height a frame) from which no camera
/// stops dead at the next frame: held or on a head, it slows over several frames, and a shake
/// turns back slowly at its ends (a sway's or tremor's largest steps come midway between them).
constexpr double kRushingCameraStep = 2.0;
/// After such a step, the most a repeat changes, as a share of the last new picture's mean
/// change: a picture changes about as much as the camera moves (less than in proportion for
/// large steps), and a camera slowing from a rushing step to a quarter of it in one frame still
/// changes the picture more than this; a repeat changes it by compression noise (1–3 %).
constexpr double kRushedRepeatMeanShare = 0.2;

/// Adds how row `a` differs from row `b` (`n` pixels) to `change`: the sum of absolute
/// differences, and the pixels that differ by more than kStrongChange. When `copy_to` is given,
/// `a` is also copied there in the same pass (an unreduced picture is read once, not twice).
/// With `wide`, 32 pixels at a time first (compare_row_wide).
static void compare_row(const uint8_t *a, const uint8_t *b, int n, uint8_t *copy_to, uint64_t &total, long &strong,
                        bool wide) {
    int i = wide ? compare_row_wide(a, b, n, copy_to, uint8_t(kStrongChange), total, strong) : 0;
#if CV_SIMD128
    // Sixteen pixels at a time: sums of absolute differences, and strong changes counted in
    // 8-bit lanes (a lane's mask is −1) for at most 255 blocks before they are added up.
    const cv::v_uint8x16 limit = cv::v_setall_u8(uint8_t(kStrongChange));
    while (i + 16 <= n) {
        cv::v_uint8x16 counts = cv::v_setzero_u8();
        for (int block = 0; block < 255 && i + 16 <= n; ++block, i += 16) {
            cv::v_uint8x16 x = cv::v_load(a + i), y = cv::v_load(b + i);
            if (copy_to) cv::v_store(copy_to + i, x);
            total += cv::v_reduce_sad(x, y);
            counts = cv::v_sub_wrap(counts, cv::v_absdiff(x, y) > limit);
        }
        strong += cv::v_reduce_sum(counts);
    }
#endif
    for (; i < n; ++i) {
        if (copy_to) copy_to[i] = a[i];
        int difference = a[i] > b[i] ? a[i] - b[i] : b[i] - a[i];
        total += difference;
        strong += difference > kStrongChange;
    }
}

/// The analysis picture of one stored luma plane, into `d->picture`, and how it differs from
/// the last (`d->last_picture`), into `d->change`, in the same pass over each row.
void reduce_picture(bt_detector *d, const uint8_t *luma, ptrdiff_t stride) {
    const int k = d->config.reduction, w = d->width;
    const bool wide = d->wide;
    const bool compare = d->frames > 0;
    uint64_t total = 0;
    long strong = 0;
    for (int y = 0; y < d->height; ++y) {
        uint8_t *out = d->picture.data() + size_t(y) * w;
        const uint8_t *last = d->last_picture.data() + size_t(y) * w;
        if (k == 1) {
            if (compare)
                compare_row(luma + y * stride, last, w, out, total, strong, wide);
            else
                std::memcpy(out, luma + y * stride, w);
        } else {
            reduce_rows(d, luma + y * k * stride, stride, out, wide);
            if (compare) compare_row(out, last, w, nullptr, total, strong, wide);
        }
    }
    const size_t n = d->picture.size();
    d->change = {double(total) / double(std::max<size_t>(1, n)), strong};
}

/// How two analysis pictures of the same size differ: mean absolute difference and strongly
/// changed pixels.
static PictureChange compare_pictures(const std::vector<uint8_t> &a, const std::vector<uint8_t> &b, bool wide) {
    uint64_t total = 0;
    long strong = 0;
    compare_row(a.data(), b.data(), int(a.size()), nullptr, total, strong, wide);
    return {double(total) / double(std::max<size_t>(1, a.size())), strong};
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
    const bool wide = d->wide;
    bool repeat = false;
    if (recent.size() >= 8) {
        auto &ranked = d->ranked_change;
        ranked.assign(recent.begin(), recent.end());  // within capacity: no allocation
        auto quartile = ranked.begin() + (3 * ranked.size()) / 4;
        std::nth_element(ranked.begin(), quartile, ranked.end());
        double typical = *quartile;
        const bool still = typical >= kTypicalChange && change.mean < 0.2 * typical;
        repeat = still && change.strong <= kRepeatStrongPixels;
        if (repeat) d->plain_repeats++;
        // A repeat that went through another encoder (a slow-motion export uploaded, a
        // broadcast recorded) differs from its original by compression noise: a few dozen
        // strong pixels along edges. It is still told from a scene that came to rest: motion
        // does not stop between two frames, so when the last new picture changed a great deal
        // and this one changes a fifth as much on average and almost nothing strongly, this
        // picture is the last one again. (At the top of a backswing the change fades over
        // several frames, and nothing here fires.)
        //
        // Compressed hard, a repeat's noise may reach half the mean change of a picture that
        // moved on; after clear motion its few strong pixels still tell it.
        const PictureChange &last = d->last_new_change;
        const double strong = double(change.strong), last_strong = double(last.strong);
        // After the camera moved, a picture nearly the last may be the camera held still for a
        // frame at the turn of a shake, with the ball moved on: only a picture that changed
        // nothing strongly is taken for a repeat then. Not after a step no camera stops from
        // within a frame (a pan): a picture that changed a fifth as much as the last new one or
        // less is then the last one again.
        const bool steady = d->camera_step < kSteadyCameraStep ||
                            (d->camera_step >= kRushingCameraStep && change.mean < kRushedRepeatMeanShare * last.mean);
        if (!repeat && last.mean > 0 && typical >= kTypicalChange) {
            const bool moving = last_strong >= kClearMotionShare * double(d->picture.size());
            repeat = steady && ((still && change.mean < 0.2 * last.mean && strong <= kRepeatStrongShare * last_strong) ||
                                (moving && change.mean < 0.5 * typical && change.mean < 0.5 * last.mean &&
                                 strong <= kNoisyRepeatStrongShare * last_strong));
            if (repeat) d->plain_repeats++;
            // Compressed harder still (a slow-motion export re-encoded at a web bitrate), a
            // repeat's noise reaches most of what the last new picture changed, and a repeat
            // missed makes the next one look new as well. The picture before the last says it:
            // a repeat of the last picture differs from the one before that as much as the last
            // did, and from the last by noise only; a picture that moved on differs from the
            // one before the last at least about as much as from the last (motion does not stop
            // dead between two frames).
            //
            // A subject turning (a hand at the top of a toss, a wind-up) can make a picture nearly
            // the last one too: that test is used only in a clip already seen to repeat pictures
            // (a converted clip repeats them throughout), never on the first suspicion.
            if (!repeat && moving && steady && d->frames >= 2 && d->plain_repeats >= kRepeatsBeforeOlderTest) {
                const PictureChange older = compare_pictures(d->picture, d->older_picture, wide);
                // The third showing of a picture is measured against its second as well.
                const PictureChange again = d->last_was_repeat ? compare_pictures(d->picture, d->repeated_picture, wide) : change;
                const PictureChange nearest = again.strong < change.strong ? again : change;
                repeat = double(older.strong) >= kClearMotionShare * double(d->picture.size()) &&
                         double(nearest.strong) <= kOlderRepeatStrongShare * double(older.strong) &&
                         nearest.mean <= kOlderRepeatMeanShare * older.mean;
            }
        } else if (!repeat && last.mean > 0 && typical >= kQuietTypicalChange) {
            // A clip whose pictures differ less than that (a broadcast scaled down and
            // compressed, its players moving a little from frame to frame) shows a re-encoded
            // repeat the same way, as an abrupt drop: the last new picture changed a hundred
            // pixels or more strongly, this one a few percent as many, and on average a fifth of
            // what pictures lately change and a quarter of the last new one. Motion does not stop
            // dead for one frame; a scene coming to rest fades over several.
            repeat = steady && last_strong >= kQuietMotionPixels &&
                     change.mean < 0.2 * typical && change.mean < 0.25 * last.mean &&
                     strong <= kRepeatStrongShare * last_strong;
            if (repeat) d->plain_repeats++;
        }
    }
    if (!repeat) d->last_new_change = change;
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

}  // namespace balltrace::detector
