// The overlay is drawn once per change into a colour canvas and an anti-aliased coverage mask,
// converted once to YUV + alpha with a list of the covered spans of each row, and then blended
// into each frame along those spans only: a path across the frame costs a few pixels a row.
//
// The canvases are allocated zeroed by the system (calloc of this size maps fresh zero pages),
// so only the pages a path touches ever take memory: 12 MB of canvases at 1080p cost a few
// hundred kilobytes for a flight.
#include <algorithm>
#include <cstdlib>
#include <memory>
#include <vector>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include "Guard.hpp"
#include "Layer.hpp"

using namespace balltrace::layer;

struct bt_overlay {
    int width = 0, height = 0;
    Storage storage;                                           // the canvases' memory
    std::vector<Span> luma_spans, chroma_spans;                // where the overlay covers
    cv::Mat colour;   // BGR, CV_8UC3
    cv::Mat alpha;    // CV_8UC1 coverage
    cv::Mat y, u, v;  // converted colour; u, v at half resolution
    cv::Mat alpha_c;  // chroma-resolution coverage
    cv::Rect dirty;   // drawn area since the last clear
};

using balltrace::guarded;

extern "C" int bt_overlay_create(int width, int height, bt_overlay **out, char *message, size_t size) {
    return guarded(message, size, [&] {
        *out = nullptr;
        if (width <= 0 || height <= 0) throw std::invalid_argument("overlay: size must be positive");
        auto o = std::make_unique<bt_overlay>();
        o->width = width;
        o->height = height;
        o->colour = lazily_zeroed(o->storage, height, width, CV_8UC3);
        o->alpha = lazily_zeroed(o->storage, height, width, CV_8UC1);
        o->y = lazily_zeroed(o->storage, height, width, CV_8UC1);
        o->u = lazily_zeroed(o->storage, (height + 1) / 2, (width + 1) / 2, CV_8UC1);
        o->v = lazily_zeroed(o->storage, (height + 1) / 2, (width + 1) / 2, CV_8UC1);
        o->alpha_c = lazily_zeroed(o->storage, (height + 1) / 2, (width + 1) / 2, CV_8UC1);
        *out = o.release();
    });
}

extern "C" void bt_overlay_destroy(bt_overlay *overlay) { delete overlay; }

extern "C" void bt_overlay_clear(bt_overlay *o) {
    // Only coverage is read where it is zero, so only coverage needs clearing, and only where
    // it was set: colour and converted values elsewhere are never read.
    for (const Span &span : o->luma_spans)
        std::fill(o->alpha.ptr<uint8_t>(span.y) + span.x0, o->alpha.ptr<uint8_t>(span.y) + span.x1, 0);
    for (const Span &span : o->chroma_spans)
        std::fill(o->alpha_c.ptr<uint8_t>(span.y) + span.x0, o->alpha_c.ptr<uint8_t>(span.y) + span.x1, 0);
    o->dirty = cv::Rect();
    o->luma_spans.clear();
    o->chroma_spans.clear();
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
        o->luma_spans.clear();
        o->chroma_spans.clear();
        if (o->dirty.empty()) return;
        // Even-aligned, so that chroma samples line up with luma pairs.
        int x0 = o->dirty.x & ~1, y0 = o->dirty.y & ~1;
        int x1 = std::min(o->width, (o->dirty.x + o->dirty.width + 1) & ~1);
        int y1 = std::min(o->height, (o->dirty.y + o->dirty.height + 1) & ~1);
        // Polylines drawn since the last clear may have left coverage only here; spans first,
        // then conversion along them only.
        for (int yy = y0; yy < y1; ++yy) add_spans(o->luma_spans, yy, o->alpha.ptr<uint8_t>(yy), x0, x1);
        for (const Span &span : o->luma_spans) {
            const cv::Vec3b *c = o->colour.ptr<cv::Vec3b>(span.y);
            uint8_t *py = o->y.ptr<uint8_t>(span.y);
            for (int xx = span.x0; xx < span.x1; ++xx) {
                double b = c[xx][0], g = c[xx][1], r = c[xx][2];
                py[xx] = luma(r, g, b);
            }
        }
        // A chroma sample is covered where any of its four luma pixels is: the luma spans of
        // its two rows, halved.
        std::vector<uint8_t> covered;
        for (size_t i = 0; i < o->luma_spans.size();) {
            int cy = o->luma_spans[i].y / 2;
            covered.assign((x1 + 1) / 2 + 1, 0);
            for (; i < o->luma_spans.size() && o->luma_spans[i].y / 2 == cy; ++i)
                for (int cx = o->luma_spans[i].x0 / 2; cx <= (o->luma_spans[i].x1 - 1) / 2; ++cx) covered[cx] = 1;
            uint8_t *pu = o->u.ptr<uint8_t>(cy), *pv = o->v.ptr<uint8_t>(cy), *pa = o->alpha_c.ptr<uint8_t>(cy);
            for (int cx = x0 / 2; cx < (x1 + 1) / 2; ++cx) {
                if (!covered[cx]) continue;
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
                pu[cx] = blue_difference(r, g, b);
                pv[cx] = red_difference(r, g, b);
                pa[cx] = uint8_t(sum / 4);
            }
            add_spans(o->chroma_spans, cy, pa, x0 / 2, (x1 + 1) / 2);
        }
    });
}

extern "C" int bt_overlay_composite_yuv420(const bt_overlay *o, uint8_t *y, ptrdiff_t ys, uint8_t *u,
                                           ptrdiff_t us, uint8_t *v, ptrdiff_t vs, char *message, size_t size) {
    return guarded(message, size, [&] {
        check_planes("overlay", o->width, y, ys, u, us, v, vs);
        for (const Span &span : o->luma_spans) {
            const uint8_t *a = o->alpha.ptr<uint8_t>(span.y), *oy = o->y.ptr<uint8_t>(span.y);
            uint8_t *row = y + span.y * ys;
            for (int xx = span.x0; xx < span.x1; ++xx) row[xx] = blend(row[xx], oy[xx], a[xx]);
        }
        for (const Span &span : o->chroma_spans) {
            const uint8_t *a = o->alpha_c.ptr<uint8_t>(span.y), *ou = o->u.ptr<uint8_t>(span.y), *ov = o->v.ptr<uint8_t>(span.y);
            uint8_t *ru = u + span.y * us, *rv = v + span.y * vs;
            for (int cx = span.x0; cx < span.x1; ++cx) {
                ru[cx] = blend(ru[cx], ou[cx], a[cx]);
                rv[cx] = blend(rv[cx], ov[cx], a[cx]);
            }
        }
    });
}
