// The overlay is drawn once per change into a colour canvas and an anti-aliased coverage mask,
// converted once to YUV + alpha, and then blended into each frame only inside its bounding box.
#include <algorithm>
#include <memory>
#include <vector>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include "Guard.hpp"

struct bt_overlay {
    int width = 0, height = 0;
    cv::Mat colour;   // BGR, CV_8UC3
    cv::Mat alpha;    // CV_8UC1 coverage
    cv::Mat y, u, v;  // converted colour; u, v at half resolution
    cv::Mat alpha_c;  // chroma-resolution coverage
    cv::Rect dirty;   // drawn area since the last clear
    cv::Rect ready;   // area converted by the last finish (even-aligned)
};

using balltrace::guarded;

extern "C" int bt_overlay_create(int width, int height, bt_overlay **out, char *message, size_t size) {
    return guarded(message, size, [&] {
        *out = nullptr;
        if (width <= 0 || height <= 0) throw std::invalid_argument("overlay: size must be positive");
        auto o = std::make_unique<bt_overlay>();
        o->width = width;
        o->height = height;
        o->colour = cv::Mat::zeros(height, width, CV_8UC3);
        o->alpha = cv::Mat::zeros(height, width, CV_8UC1);
        o->y = cv::Mat::zeros(height, width, CV_8UC1);
        o->u = cv::Mat::zeros((height + 1) / 2, (width + 1) / 2, CV_8UC1);
        o->v = cv::Mat::zeros((height + 1) / 2, (width + 1) / 2, CV_8UC1);
        o->alpha_c = cv::Mat::zeros((height + 1) / 2, (width + 1) / 2, CV_8UC1);
        *out = o.release();
    });
}

extern "C" void bt_overlay_destroy(bt_overlay *overlay) { delete overlay; }

extern "C" void bt_overlay_clear(bt_overlay *o) {
    if (!o->dirty.empty()) {
        o->colour(o->dirty).setTo(cv::Scalar::all(0));
        o->alpha(o->dirty).setTo(0);
    }
    o->dirty = cv::Rect();
    o->ready = cv::Rect();
}

extern "C" int bt_overlay_polyline(bt_overlay *o, const double *xy, int count, int closed, uint8_t red,
                                   uint8_t green, uint8_t blue, double thickness, char *message, size_t size) {
    return guarded(message, size, [&] {
        if (count < 2) return;
        constexpr int shift = 4;  // sub-pixel precision of the vertices
        constexpr double one = 1 << shift;
        std::vector<cv::Point> points;
        points.reserve(count);
        double x0 = xy[0], y0 = xy[1], x1 = xy[0], y1 = xy[1];
        for (int i = 0; i < count; ++i) {
            // Our pixel centres sit at half-integers; OpenCV's at integers.
            points.emplace_back(cv::saturate_cast<int>((xy[2 * i] - 0.5) * one),
                                cv::saturate_cast<int>((xy[2 * i + 1] - 0.5) * one));
            x0 = std::min(x0, xy[2 * i]); x1 = std::max(x1, xy[2 * i]);
            y0 = std::min(y0, xy[2 * i + 1]); y1 = std::max(y1, xy[2 * i + 1]);
        }
        int t = std::max(1, int(std::lround(thickness)));
        const cv::Point *pts = points.data();
        int n = count;
        // Colour is drawn solid and a little wider, so that the anti-aliased coverage alone
        // shapes the edge and no dark fringe comes from blending with the empty canvas.
        cv::polylines(o->colour, &pts, &n, 1, closed != 0, cv::Scalar(blue, green, red), t + 2, cv::LINE_8, shift);
        cv::polylines(o->alpha, &pts, &n, 1, closed != 0, cv::Scalar(255), t, cv::LINE_AA, shift);
        int pad = t + 3;
        cv::Rect box(int(std::floor(x0)) - pad, int(std::floor(y0)) - pad,
                     int(std::ceil(x1 - x0)) + 2 * pad + 2, int(std::ceil(y1 - y0)) + 2 * pad + 2);
        box &= cv::Rect(0, 0, o->width, o->height);
        o->dirty = o->dirty.empty() ? box : (o->dirty | box);
    });
}

extern "C" int bt_overlay_finish(bt_overlay *o, char *message, size_t size) {
    return guarded(message, size, [&] {
        if (o->dirty.empty()) { o->ready = cv::Rect(); return; }
        // Even-aligned, so that chroma samples line up with luma pairs.
        int x0 = o->dirty.x & ~1, y0 = o->dirty.y & ~1;
        int x1 = std::min(o->width, (o->dirty.x + o->dirty.width + 1) & ~1);
        int y1 = std::min(o->height, (o->dirty.y + o->dirty.height + 1) & ~1);
        o->ready = cv::Rect(x0, y0, x1 - x0, y1 - y0);
        for (int yy = y0; yy < y1; ++yy) {
            const cv::Vec3b *c = o->colour.ptr<cv::Vec3b>(yy);
            uint8_t *py = o->y.ptr<uint8_t>(yy);
            for (int xx = x0; xx < x1; ++xx) {
                double b = c[xx][0], g = c[xx][1], r = c[xx][2];
                py[xx] = cv::saturate_cast<uint8_t>(16 + 0.257 * r + 0.504 * g + 0.098 * b);
            }
        }
        for (int cy = y0 / 2; cy < (y1 + 1) / 2; ++cy) {
            uint8_t *pu = o->u.ptr<uint8_t>(cy), *pv = o->v.ptr<uint8_t>(cy), *pa = o->alpha_c.ptr<uint8_t>(cy);
            for (int cx = x0 / 2; cx < (x1 + 1) / 2; ++cx) {
                // Colour of the most covered of the four luma pixels, coverage averaged.
                int best = -1, sum = 0;
                cv::Vec3b colour;
                for (int dy = 0; dy < 2; ++dy)
                    for (int dx = 0; dx < 2; ++dx) {
                        int yy = std::min(o->height - 1, 2 * cy + dy), xx = std::min(o->width - 1, 2 * cx + dx);
                        int a = o->alpha.at<uint8_t>(yy, xx);
                        sum += a;
                        if (a > best) { best = a; colour = o->colour.at<cv::Vec3b>(yy, xx); }
                    }
                double b = colour[0], g = colour[1], r = colour[2];
                pu[cx] = cv::saturate_cast<uint8_t>(128 - 0.148 * r - 0.291 * g + 0.439 * b);
                pv[cx] = cv::saturate_cast<uint8_t>(128 + 0.439 * r - 0.368 * g - 0.071 * b);
                pa[cx] = uint8_t(sum / 4);
            }
        }
    });
}

static inline uint8_t blend(uint8_t base, uint8_t top, int alpha) {
    return uint8_t((base * (255 - alpha) + top * alpha + 127) / 255);
}

extern "C" int bt_overlay_composite_yuv420(const bt_overlay *o, uint8_t *y, ptrdiff_t ys, uint8_t *u,
                                           ptrdiff_t us, uint8_t *v, ptrdiff_t vs, char *message, size_t size) {
    return guarded(message, size, [&] {
        const cv::Rect &r = o->ready;
        if (r.empty()) return;
        for (int yy = r.y; yy < r.y + r.height; ++yy) {
            const uint8_t *a = o->alpha.ptr<uint8_t>(yy), *oy = o->y.ptr<uint8_t>(yy);
            uint8_t *row = y + yy * ys;
            for (int xx = r.x; xx < r.x + r.width; ++xx)
                if (a[xx]) row[xx] = blend(row[xx], oy[xx], a[xx]);
        }
        for (int cy = r.y / 2; cy < (r.y + r.height + 1) / 2; ++cy) {
            const uint8_t *a = o->alpha_c.ptr<uint8_t>(cy), *ou = o->u.ptr<uint8_t>(cy), *ov = o->v.ptr<uint8_t>(cy);
            uint8_t *ru = u + cy * us, *rv = v + cy * vs;
            for (int cx = r.x / 2; cx < (r.x + r.width + 1) / 2; ++cx)
                if (a[cx]) {
                    ru[cx] = blend(ru[cx], ou[cx], a[cx]);
                    rv[cx] = blend(rv[cx], ov[cx], a[cx]);
                }
        }
    });
}
