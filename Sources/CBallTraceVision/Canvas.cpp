// A BGR drawing surface for synthetic clips: scenes with known ball flights for tests.
#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include "Guard.hpp"

struct bt_canvas {
    cv::Mat picture, saved, layer, noise, turned, shifted;
};

using balltrace::guarded;

namespace {
constexpr int kShift = 8;
constexpr double kOne = 1 << kShift;

cv::Point fixed(double x, double y) {
    return cv::Point(cv::saturate_cast<int>((x - 0.5) * kOne), cv::saturate_cast<int>((y - 0.5) * kOne));
}

cv::Scalar bgr(const uint8_t rgb[3]) { return cv::Scalar(rgb[2], rgb[1], rgb[0]); }

}  // namespace

extern "C" int bt_canvas_create(int width, int height, bt_canvas **out, char *message, size_t size) {
    return guarded(message, size, [&] {
        *out = nullptr;
        if (width <= 0 || height <= 0) throw std::invalid_argument("canvas: size must be positive");
        auto c = std::make_unique<bt_canvas>();
        c->picture = cv::Mat::zeros(height, width, CV_8UC3);
        *out = c.release();
    });
}

extern "C" void bt_canvas_destroy(bt_canvas *canvas) { delete canvas; }

extern "C" void bt_canvas_fill_gradient(bt_canvas *c, int y0, int y1, const uint8_t top[3], const uint8_t bottom[3]) {
    y0 = std::max(0, y0);
    y1 = std::min(c->picture.rows, y1);
    for (int y = y0; y < y1; ++y) {
        double t = y1 - y0 > 1 ? double(y - y0) / (y1 - y0 - 1) : 0;
        cv::Vec3b colour;
        for (int k = 0; k < 3; ++k) colour[2 - k] = cv::saturate_cast<uint8_t>(top[k] + t * (bottom[k] - top[k]));
        c->picture.row(y).setTo(colour);
    }
}

static void draw_circle(bt_canvas *c, double x, double y, double radius, const uint8_t rgb[3], double opacity) {
    int r = std::max(1, int(std::lround(radius * kOne)));
    cv::Rect area(int(x - radius) - 2, int(y - radius) - 2, int(2 * radius) + 5, int(2 * radius) + 5);
    area &= cv::Rect(0, 0, c->picture.cols, c->picture.rows);
    if (area.empty()) return;
    if (opacity >= 0.999) {
        cv::circle(c->picture, fixed(x, y), r, bgr(rgb), cv::FILLED, cv::LINE_AA, kShift);
        return;
    }
    cv::Mat target = c->picture(area);
    target.copyTo(c->layer);
    cv::circle(c->layer, fixed(x - area.x, y - area.y), r, bgr(rgb), cv::FILLED, cv::LINE_AA, kShift);
    cv::addWeighted(c->layer, opacity, target, 1 - opacity, 0, target);
}

extern "C" void bt_canvas_circle(bt_canvas *c, double x, double y, double radius, const uint8_t rgb[3], double opacity) {
    // Below one pixel, OpenCV's rasterizer rounds a disc away: draw a pixel-sized disc,
    // dimmed by the area it should have, so a distant ball stays visible but faint.
    if (radius < 0.75) {
        draw_circle(c, x, y, 0.75, rgb, opacity * std::max(0.15, radius * radius / (0.75 * 0.75)));
        return;
    }
    draw_circle(c, x, y, radius, rgb, opacity);
}

extern "C" void bt_canvas_line(bt_canvas *c, double x0, double y0, double x1, double y1, double thickness,
                               const uint8_t rgb[3], double opacity) {
    int t = std::max(1, int(std::lround(thickness)));
    double pad = thickness + 3;
    cv::Rect area(int(std::min(x0, x1) - pad), int(std::min(y0, y1) - pad), int(std::abs(x1 - x0) + 2 * pad) + 1,
                  int(std::abs(y1 - y0) + 2 * pad) + 1);
    area &= cv::Rect(0, 0, c->picture.cols, c->picture.rows);
    if (area.empty()) return;
    if (opacity >= 0.999) {
        cv::line(c->picture, fixed(x0, y0), fixed(x1, y1), bgr(rgb), t, cv::LINE_AA, kShift);
        return;
    }
    cv::Mat target = c->picture(area);
    target.copyTo(c->layer);
    cv::line(c->layer, fixed(x0 - area.x, y0 - area.y), fixed(x1 - area.x, y1 - area.y), bgr(rgb), t, cv::LINE_AA,
             kShift);
    cv::addWeighted(c->layer, opacity, target, 1 - opacity, 0, target);
}

// Draws `paint` onto the picture, blended at `opacity` inside `area` (a region that holds the
// whole shape) when it is translucent; `paint` gets the target and the offset of its origin.
template <typename Paint>
static void blended(bt_canvas *c, cv::Rect area, double opacity, Paint paint) {
    area &= cv::Rect(0, 0, c->picture.cols, c->picture.rows);
    if (area.empty()) return;
    if (opacity >= 0.999) {
        paint(c->picture, cv::Point2d(0, 0));
        return;
    }
    cv::Mat target = c->picture(area);
    target.copyTo(c->layer);
    paint(c->layer, cv::Point2d(area.x, area.y));
    cv::addWeighted(c->layer, opacity, target, 1 - opacity, 0, target);
}

extern "C" void bt_canvas_polygon(bt_canvas *c, const double *xy, int count, const uint8_t rgb[3], double opacity) {
    if (count < 3) return;
    double x0 = xy[0], x1 = xy[0], y0 = xy[1], y1 = xy[1];
    for (int i = 1; i < count; ++i) {
        x0 = std::min(x0, xy[2 * i]); x1 = std::max(x1, xy[2 * i]);
        y0 = std::min(y0, xy[2 * i + 1]); y1 = std::max(y1, xy[2 * i + 1]);
    }
    double ax0 = std::max(x0, -2.0), ay0 = std::max(y0, -2.0);
    double ax1 = std::min(x1, c->picture.cols + 2.0), ay1 = std::min(y1, c->picture.rows + 2.0);
    if (ax1 < ax0 || ay1 < ay0) return;
    cv::Rect area(int(std::floor(ax0)) - 2, int(std::floor(ay0)) - 2, int(ax1 - ax0) + 6, int(ay1 - ay0) + 6);
    // Fixed-point coordinates must stay far from int overflow: clamp far-away vertices.
    auto clampCoordinate = [](double v) { return std::max(-1.0e5, std::min(1.0e5, v)); };
    blended(c, area, opacity, [&](cv::Mat &target, cv::Point2d origin) {
        std::vector<cv::Point> points(count);
        for (int i = 0; i < count; ++i)
            points[i] = fixed(clampCoordinate(xy[2 * i]) - origin.x, clampCoordinate(xy[2 * i + 1]) - origin.y);
        const cv::Point *polygon = points.data();
        cv::fillPoly(target, &polygon, &count, 1, bgr(rgb), cv::LINE_AA, kShift);
    });
}

extern "C" void bt_canvas_ellipse(bt_canvas *c, double x, double y, double rx, double ry, double angle, double start,
                                  double end, double thickness, const uint8_t rgb[3], double opacity) {
    double reach = std::max(rx, ry) + std::max(0.0, thickness) + 3;
    cv::Rect area(int(x - reach), int(y - reach), int(2 * reach) + 2, int(2 * reach) + 2);
    int t = thickness <= 0 ? cv::FILLED : std::max(1, int(std::lround(thickness)));
    blended(c, area, opacity, [&](cv::Mat &target, cv::Point2d origin) {
        cv::ellipse(target, fixed(x - origin.x, y - origin.y),
                    cv::Size(std::max(0, int(std::lround(rx * kOne))), std::max(0, int(std::lround(ry * kOne)))), angle,
                    start, end, bgr(rgb), t, cv::LINE_AA, kShift);
    });
}

extern "C" void bt_canvas_rect(bt_canvas *c, double x, double y, double width, double height, const uint8_t rgb[3]) {
    cv::Rect area(int(std::lround(x)), int(std::lround(y)), int(std::lround(width)), int(std::lround(height)));
    area &= cv::Rect(0, 0, c->picture.cols, c->picture.rows);
    if (!area.empty()) c->picture(area).setTo(bgr(rgb));
}

extern "C" void bt_canvas_save(bt_canvas *c) { c->picture.copyTo(c->saved); }

extern "C" void bt_canvas_restore(bt_canvas *c) {
    if (!c->saved.empty()) c->saved.copyTo(c->picture);
}

extern "C" void bt_canvas_noise(bt_canvas *c, double sigma, uint64_t seed) {
    if (sigma <= 0) return;
    cv::RNG rng(seed);
    c->noise.create(c->picture.size(), CV_16SC3);
    rng.fill(c->noise, cv::RNG::NORMAL, cv::Scalar::all(0), cv::Scalar::all(sigma));
    cv::add(c->picture, c->noise, c->picture, cv::noArray(), CV_8UC3);
}

extern "C" void bt_canvas_gain(bt_canvas *c, double gain) { c->picture.convertTo(c->picture, CV_8UC3, gain); }

extern "C" int bt_canvas_shift(bt_canvas *c, double dx, double dy, char *message, size_t size) {
    return guarded(message, size, [&] {
        cv::Matx23d move(1, 0, dx, 0, 1, dy);
        cv::warpAffine(c->picture, c->shifted, move, c->picture.size(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
        cv::swap(c->picture, c->shifted);
    });
}

extern "C" int bt_canvas_transform(bt_canvas *c, double a, double b, double tx, double ty, char *message, size_t size) {
    return guarded(message, size, [&] {
        // Continuous coordinates (pixel centres at half-integers) for the similarity; OpenCV
        // maps pixel indices, so the half-pixel offset is folded into the translation.
        cv::Matx23d view(a, -b, tx + 0.5 * (a - b) - 0.5, b, a, ty + 0.5 * (b + a) - 0.5);
        cv::warpAffine(c->picture, c->shifted, view, c->picture.size(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
        cv::swap(c->picture, c->shifted);
    });
}

extern "C" int bt_canvas_to_yuv420(bt_canvas *c, int counterclockwise_quarters, uint8_t *y, ptrdiff_t ys,
                                   uint8_t *u, ptrdiff_t us, uint8_t *v, ptrdiff_t vs, char *message, size_t size) {
    return guarded(message, size, [&] {
        const cv::Mat *source = &c->picture;
        switch (((counterclockwise_quarters % 4) + 4) % 4) {
            case 1: cv::rotate(c->picture, c->turned, cv::ROTATE_90_COUNTERCLOCKWISE); source = &c->turned; break;
            case 2: cv::rotate(c->picture, c->turned, cv::ROTATE_180); source = &c->turned; break;
            case 3: cv::rotate(c->picture, c->turned, cv::ROTATE_90_CLOCKWISE); source = &c->turned; break;
            default: break;
        }
        const cv::Mat &p = *source;
        for (int row = 0; row < p.rows; ++row) {
            const cv::Vec3b *src = p.ptr<cv::Vec3b>(row);
            uint8_t *dst = y + row * ys;
            for (int col = 0; col < p.cols; ++col)
                dst[col] = cv::saturate_cast<uint8_t>(16 + 0.257 * src[col][2] + 0.504 * src[col][1] + 0.098 * src[col][0]);
        }
        for (int row = 0; row < (p.rows + 1) / 2; ++row) {
            uint8_t *du = u + row * us, *dv = v + row * vs;
            for (int col = 0; col < (p.cols + 1) / 2; ++col) {
                double r = 0, g = 0, b = 0;
                int n = 0;
                for (int dy = 0; dy < 2; ++dy)
                    for (int dx = 0; dx < 2; ++dx) {
                        int yy = 2 * row + dy, xx = 2 * col + dx;
                        if (yy >= p.rows || xx >= p.cols) continue;
                        const cv::Vec3b &s = p.at<cv::Vec3b>(yy, xx);
                        b += s[0]; g += s[1]; r += s[2]; ++n;
                    }
                r /= n; g /= n; b /= n;
                du[col] = cv::saturate_cast<uint8_t>(128 - 0.148 * r - 0.291 * g + 0.439 * b);
                dv[col] = cv::saturate_cast<uint8_t>(128 + 0.439 * r - 0.368 * g - 0.071 * b);
            }
        }
    });
}
