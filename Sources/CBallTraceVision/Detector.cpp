// Background subtraction and blob extraction on one luma plane.
#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/video/background_segm.hpp>
#include "Guard.hpp"

struct bt_detector {
    bt_detector_config config;
    cv::Ptr<cv::BackgroundSubtractorMOG2> subtractor;
    // Reused every frame: no per-frame allocation once the first frame has been seen.
    cv::Mat small, mask, labels, stats, centroids, background;
    double scale_x = 1, scale_y = 1;  // stored pixels per analysis pixel
    long frames = 0;
    std::vector<bt_blob> found;
};

using balltrace::guarded;

static constexpr long kBackgroundRefresh = 8;

extern "C" int bt_detector_create(const bt_detector_config *config, bt_detector **out, char *message, size_t size) {
    return guarded(message, size, [&] {
        *out = nullptr;
        if (config->frame_width <= 0 || config->frame_height <= 0 || config->analysis_width <= 0 ||
            config->analysis_height <= 0)
            throw std::invalid_argument("detector: frame and analysis sizes must be positive");
        auto detector = std::make_unique<bt_detector>();
        detector->config = *config;
        detector->subtractor = cv::createBackgroundSubtractorMOG2(std::max(2, config->history),
                                                                  config->var_threshold, false);
        detector->scale_x = double(config->frame_width) / config->analysis_width;
        detector->scale_y = double(config->frame_height) / config->analysis_height;
        *out = detector.release();
    });
}

extern "C" void bt_detector_destroy(bt_detector *detector) { delete detector; }

extern "C" int bt_detector_process(bt_detector *d, const uint8_t *luma, ptrdiff_t stride, bt_blob *blobs,
                                   int capacity, int *count, int *found_count, char *message, size_t size) {
    return guarded(message, size, [&] {
        *count = 0;
        *found_count = 0;
        const auto &c = d->config;
        // Wraps the caller's plane: no copy. OpenCV never writes through this header.
        cv::Mat frame(c.frame_height, c.frame_width, CV_8UC1, const_cast<uint8_t *>(luma), size_t(stride));
        const cv::Mat *input = &frame;
        if (c.analysis_width != c.frame_width || c.analysis_height != c.frame_height) {
            cv::resize(frame, d->small, cv::Size(c.analysis_width, c.analysis_height), 0, 0, cv::INTER_AREA);
            input = &d->small;
        }
        d->subtractor->apply(*input, d->mask);
        // The background picture only ranks blobs by contrast, and it changes slowly: computing
        // it costs a quarter of the subtraction, so it is refreshed every few frames.
        if (d->frames++ % kBackgroundRefresh == 0) d->subtractor->getBackgroundImage(d->background);
        int n = cv::connectedComponentsWithStats(d->mask, d->labels, d->stats, d->centroids, 8, CV_32S);
        d->found.clear();
        for (int i = 1; i < n; ++i) {
            const int *s = d->stats.ptr<int>(i);
            double area = s[cv::CC_STAT_AREA];
            int bw = s[cv::CC_STAT_WIDTH], bh = s[cv::CC_STAT_HEIGHT];
            if (area < c.min_area || std::max(bw, bh) > c.max_extent) continue;
            cv::Rect box(s[cv::CC_STAT_LEFT], s[cv::CC_STAT_TOP], bw, bh);
            // Second moments of this component alone give the equivalent ellipse.
            double m00 = 0, m10 = 0, m01 = 0, m20 = 0, m02 = 0, m11 = 0, diff = 0;
            int peak = 1;
            for (int yy = box.y; yy < box.y + box.height; ++yy) {
                const int *row = d->labels.ptr<int>(yy);
                const uint8_t *pix = input->ptr<uint8_t>(yy);
                const uint8_t *bg = d->background.ptr<uint8_t>(yy);
                for (int xx = box.x; xx < box.x + box.width; ++xx) {
                    if (row[xx] != i) continue;
                    m00 += 1; m10 += xx; m01 += yy;
                    m20 += double(xx) * xx; m02 += double(yy) * yy; m11 += double(xx) * yy;
                    int difference = std::abs(int(pix[xx]) - int(bg[xx]));
                    diff += difference;
                    peak = std::max(peak, difference);
                }
            }
            // The mask takes in pixels the ball only partly covers (its anti-aliased rim, the
            // halo compression leaves); weighting each by its share of the strongest contrast
            // counts them as the part of a pixel they are, so a ball of 2 px is not called 3.
            double covered = 0;
            for (int yy = box.y; yy < box.y + box.height; ++yy) {
                const int *row = d->labels.ptr<int>(yy);
                const uint8_t *pix = input->ptr<uint8_t>(yy);
                const uint8_t *bg = d->background.ptr<uint8_t>(yy);
                for (int xx = box.x; xx < box.x + box.width; ++xx)
                    if (row[xx] == i) covered += std::abs(int(pix[xx]) - int(bg[xx]));
            }
            covered = std::max(1.0, covered / peak);
            double cx = m10 / m00, cy = m01 / m00;
            // Pixel variance of 1/12 keeps single-pixel blobs from having zero extent.
            double mu20 = m20 / m00 - cx * cx + 1.0 / 12, mu02 = m02 / m00 - cy * cy + 1.0 / 12;
            double mu11 = m11 / m00 - cx * cy;
            double common = std::sqrt(std::max(0.0, (mu20 - mu02) * (mu20 - mu02) / 4 + mu11 * mu11));
            double lambda1 = (mu20 + mu02) / 2 + common, lambda2 = std::max(1e-6, (mu20 + mu02) / 2 - common);
            double elongation = std::sqrt(lambda1 / lambda2);
            double angle = 0.5 * std::atan2(2 * mu11, mu20 - mu02);
            // Minor semi-axis from the covered area and the elongation: robust for blobs of a
            // few pixels, where second moments are mostly pixelization.
            double scale = std::sqrt(d->scale_x * d->scale_y);
            double minor = std::sqrt(covered / (M_PI * elongation));
            bt_blob b;
            b.x = (cx + 0.5) * d->scale_x;
            b.y = (cy + 0.5) * d->scale_y;
            b.radius = minor * scale;
            b.area = area * d->scale_x * d->scale_y;
            b.elongation = elongation;
            b.length = 2 * minor * elongation * scale;
            b.orientation = angle;
            b.contrast = diff / m00;
            d->found.push_back(b);
        }
        *found_count = int(d->found.size());
        // Strongest first, so a cap drops the faint noise rather than the ball.
        std::sort(d->found.begin(), d->found.end(),
                  [](const bt_blob &a, const bt_blob &b) { return a.contrast * a.area > b.contrast * b.area; });
        int k = std::min<int>(capacity, int(d->found.size()));
        std::copy(d->found.begin(), d->found.begin() + k, blobs);
        *count = k;
    });
}
