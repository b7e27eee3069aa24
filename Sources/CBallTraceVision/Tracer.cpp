// The broadcast tracer: one colour, so the layer is coverage alone. Its paths are drawn once per
// change into a line mask and a glow mask (anti-aliased), the glow blurred, the line laid over
// it, and the covered spans of each row listed; each frame is then blended along those spans
// only, the coverage scaled by an opacity given at each frame (a fade costs no redrawing).
//
// Like the overlay's, the masks are allocated zeroed by the system, so only the pages a path
// touches take memory, and every buffer is kept from one change to the next.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <vector>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include "Guard.hpp"
#include "Layer.hpp"

using namespace balltrace::layer;

struct bt_tracer {
    int width = 0, height = 0;
    Storage storage;     // the masks' memory
    cv::Mat line, glow;  // CV_8UC1 coverage of the lines and of their glow, before the blur
    cv::Mat alpha;       // CV_8UC1 the layer's coverage
    cv::Mat alpha_c;     // the layer's coverage at chroma resolution
    std::vector<Span> luma_spans, chroma_spans;
    std::vector<cv::Point> points;  // reused by every path
    cv::Rect drawn;      // what the paths since the last clear cover, glow included, before the blur
    cv::Rect finished;   // what the last finish wrote, to clear
    uint8_t y = 16, u = 128, v = 128;
};

using balltrace::guarded;

extern "C" int bt_tracer_create(int width, int height, bt_tracer **out, char *message, size_t size) {
    return guarded(message, size, [&] {
        *out = nullptr;
        if (width <= 0 || height <= 0) throw std::invalid_argument("tracer: size must be positive");
        auto t = std::make_unique<bt_tracer>();
        t->width = width;
        t->height = height;
        t->line = lazily_zeroed(t->storage, height, width, CV_8UC1);
        t->glow = lazily_zeroed(t->storage, height, width, CV_8UC1);
        t->alpha = lazily_zeroed(t->storage, height, width, CV_8UC1);
        t->alpha_c = lazily_zeroed(t->storage, (height + 1) / 2, (width + 1) / 2, CV_8UC1);
        *out = t.release();
    });
}

extern "C" void bt_tracer_destroy(bt_tracer *tracer) { delete tracer; }

extern "C" void bt_tracer_clear(bt_tracer *t) {
    // Paths drawn and not finished count too.
    cv::Rect used = t->drawn.empty() ? t->finished : t->finished.empty() ? t->drawn : (t->finished | t->drawn);
    if (!used.empty()) {
        t->line(used).setTo(0);
        t->glow(used).setTo(0);
        t->alpha(used).setTo(0);
        cv::Rect half(used.x / 2, used.y / 2, (used.width + 1) / 2 + 1, (used.height + 1) / 2 + 1);
        t->alpha_c(half & cv::Rect(0, 0, t->alpha_c.cols, t->alpha_c.rows)).setTo(0);
    }
    t->finished = cv::Rect();
    t->drawn = cv::Rect();
    t->luma_spans.clear();
    t->chroma_spans.clear();
}

extern "C" int bt_tracer_path(bt_tracer *t, const double *xy, int count, double thickness, double weight,
                              double glow_thickness, double glow_weight, char *message, size_t size) {
    return guarded(message, size, [&] {
        if (count < 2) return;
        if (!(thickness > 0) || !(glow_thickness >= 0)) throw std::invalid_argument("tracer: a line needs a positive width");
        constexpr int shift = 4;  // sub-pixel precision of the vertices
        constexpr double one = 1 << shift;
        t->points.clear();
        double x0 = xy[0], y0 = xy[1], x1 = xy[0], y1 = xy[1];
        for (int i = 0; i < count; ++i) {
            // Our pixel centres sit at half-integers; OpenCV's at integers.
            t->points.emplace_back(cv::saturate_cast<int>((xy[2 * i] - 0.5) * one),
                                   cv::saturate_cast<int>((xy[2 * i + 1] - 0.5) * one));
            x0 = std::min(x0, xy[2 * i]); x1 = std::max(x1, xy[2 * i]);
            y0 = std::min(y0, xy[2 * i + 1]); y1 = std::max(y1, xy[2 * i + 1]);
        }
        const cv::Point *pts = t->points.data();
        int n = count;
        int line = std::max(1, int(std::lround(thickness)));
        int glow = std::max(line, int(std::lround(glow_thickness)));
        auto level = [](double w) { return cv::Scalar(std::clamp(std::lround(255 * w), 0L, 255L)); };
        if (glow_weight > 0) cv::polylines(t->glow, &pts, &n, 1, false, level(glow_weight), glow, cv::LINE_AA, shift);
        cv::polylines(t->line, &pts, &n, 1, false, level(weight), line, cv::LINE_AA, shift);
        int pad = glow / 2 + 3;
        cv::Rect box(int(std::floor(x0)) - pad, int(std::floor(y0)) - pad,
                     int(std::ceil(x1 - x0)) + 2 * pad + 2, int(std::ceil(y1 - y0)) + 2 * pad + 2);
        box &= cv::Rect(0, 0, t->width, t->height);
        t->drawn = t->drawn.empty() ? box : (t->drawn | box);
    });
}

extern "C" int bt_tracer_finish(bt_tracer *t, double glow_sigma, uint8_t red, uint8_t green, uint8_t blue,
                                char *message, size_t size) {
    return guarded(message, size, [&] {
        t->luma_spans.clear();
        t->chroma_spans.clear();
        // BT.601, limited range, as the overlay converts.
        double r = red, g = green, b = blue;
        t->y = luma(r, g, b);
        t->u = blue_difference(r, g, b);
        t->v = red_difference(r, g, b);
        if (t->drawn.empty()) return;
        int reach = glow_sigma > 0 ? int(std::ceil(3 * glow_sigma)) + 1 : 0;
        cv::Rect box(t->drawn.x - reach, t->drawn.y - reach, t->drawn.width + 2 * reach, t->drawn.height + 2 * reach);
        box &= cv::Rect(0, 0, t->width, t->height);
        // Even-aligned, so that chroma samples line up with luma pairs.
        int x0 = box.x & ~1, y0 = box.y & ~1;
        int x1 = std::min(t->width, (box.x + box.width + 1) & ~1), y1 = std::min(t->height, (box.y + box.height + 1) & ~1);
        box = cv::Rect(x0, y0, x1 - x0, y1 - y0);
        t->finished = box;
        if (box.empty()) return;
        if (reach > 0) cv::GaussianBlur(t->glow(box), t->glow(box), cv::Size(0, 0), glow_sigma);
        // The line over its glow: a = line + glow · (1 − line).
        for (int yy = y0; yy < y1; ++yy) {
            const uint8_t *pl = t->line.ptr<uint8_t>(yy), *pg = t->glow.ptr<uint8_t>(yy);
            uint8_t *pa = t->alpha.ptr<uint8_t>(yy);
            for (int xx = x0; xx < x1; ++xx) pa[xx] = uint8_t(pl[xx] + (pg[xx] * (255 - pl[xx]) + 127) / 255);
            add_spans(t->luma_spans, yy, pa, x0, x1);
        }
        // A chroma sample's coverage is the mean of its four luma pixels'.
        for (int cy = y0 / 2; cy < (y1 + 1) / 2; ++cy) {
            int ya = std::min(t->height - 1, 2 * cy), yb = std::min(t->height - 1, 2 * cy + 1);
            const uint8_t *ra = t->alpha.ptr<uint8_t>(ya), *rb = t->alpha.ptr<uint8_t>(yb);
            uint8_t *pc = t->alpha_c.ptr<uint8_t>(cy);
            for (int cx = x0 / 2; cx < (x1 + 1) / 2; ++cx) {
                int xa = std::min(t->width - 1, 2 * cx), xb = std::min(t->width - 1, 2 * cx + 1);
                pc[cx] = uint8_t((ra[xa] + ra[xb] + rb[xa] + rb[xb] + 2) / 4);
            }
            add_spans(t->chroma_spans, cy, pc, x0 / 2, (x1 + 1) / 2);
        }
    });
}

extern "C" int bt_tracer_composite_yuv420(const bt_tracer *t, double opacity, uint8_t *y, ptrdiff_t ys, uint8_t *u,
                                          ptrdiff_t us, uint8_t *v, ptrdiff_t vs, char *message, size_t size) {
    return guarded(message, size, [&] {
        check_planes("tracer", t->width, y, ys, u, us, v, vs);
        // Coverage × opacity in 1/256 steps: one multiply a pixel.
        const int scale = int(std::lround(std::clamp(opacity, 0.0, 1.0) * 256));
        if (scale == 0) return;
        for (const Span &span : t->luma_spans) {
            const uint8_t *a = t->alpha.ptr<uint8_t>(span.y);
            uint8_t *row = y + span.y * ys;
            for (int xx = span.x0; xx < span.x1; ++xx) row[xx] = blend(row[xx], t->y, (a[xx] * scale) >> 8);
        }
        for (const Span &span : t->chroma_spans) {
            const uint8_t *a = t->alpha_c.ptr<uint8_t>(span.y);
            uint8_t *ru = u + span.y * us, *rv = v + span.y * vs;
            for (int cx = span.x0; cx < span.x1; ++cx) {
                int alpha = (a[cx] * scale) >> 8;
                ru[cx] = blend(ru[cx], t->u, alpha);
                rv[cx] = blend(rv[cx], t->v, alpha);
            }
        }
    });
}
