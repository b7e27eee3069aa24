// A still RGB picture drawn on with OpenCV: the tracer picture. Unlike the overlay, drawn once,
// so it is plain drawing into the picture itself.
#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include "Guard.hpp"

struct bt_picture {
    cv::Mat rgb;  // CV_8UC3, R G B order: colours are given as Scalar(r, g, b)
};

using balltrace::guarded;

namespace {

constexpr int kShift = 4;  // sub-pixel precision of vertices
constexpr double kOne = 1 << kShift;
constexpr int kFont = cv::FONT_HERSHEY_DUPLEX;
const std::string kDegree = "\xC2\xB0";

// Our pixel centres sit at half-integers; OpenCV's at integers.
cv::Point fixed(double x, double y) {
    auto clamp = [](double v) { return std::max(-1.0e5, std::min(1.0e5, v)); };
    return cv::Point(cv::saturate_cast<int>((clamp(x) - 0.5) * kOne), cv::saturate_cast<int>((clamp(y) - 0.5) * kOne));
}

cv::Scalar colour(const uint8_t rgb[3]) { return cv::Scalar(rgb[0], rgb[1], rgb[2]); }

/// How text of a given digit height is drawn.
struct TextMetrics {
    double scale;
    int thickness, outline, pad;
    double ring;  // radius of the degree ring

    explicit TextMetrics(double height) {
        int base = 0;
        cv::Size digit = cv::getTextSize("0", kFont, 1.0, 1, &base);
        scale = height / std::max(1, digit.height);
        thickness = std::max(1, int(std::lround(height / 11)));
        outline = thickness + std::max(2, int(std::lround(height / 9)));
        pad = (outline + 1) / 2 + 1;
        ring = std::max(1.5, height * 0.15);
    }

    /// Width of a run of text without the degree sign.
    int width(const std::string &run) const {
        if (run.empty()) return 0;
        int base = 0;
        return cv::getTextSize(run, kFont, scale, thickness, &base).width;
    }

    int degree_advance() const { return int(std::lround(2 * ring + 2 * thickness + ring)); }
};

/// The text split at each degree sign.
std::vector<std::string> runs(const std::string &text) {
    std::vector<std::string> parts;
    size_t start = 0;
    while (true) {
        size_t at = text.find(kDegree, start);
        parts.push_back(text.substr(start, at == std::string::npos ? std::string::npos : at - start));
        if (at == std::string::npos) break;
        start = at + kDegree.size();
    }
    return parts;
}

}  // namespace

extern "C" int bt_picture_create(const uint8_t *rgb, ptrdiff_t stride, int width, int height, int quarters,
                                 bt_picture **out, char *message, size_t size) {
    return guarded(message, size, [&] {
        *out = nullptr;
        if (width <= 0 || height <= 0) throw std::invalid_argument("picture: size must be positive");
        // Rows are read `stride` bytes apart: one shorter than a row of pixels would read past it.
        if (rgb == nullptr || stride < ptrdiff_t(width) * 3) throw std::invalid_argument("picture: the stride is shorter than a row");
        cv::Mat stored(height, width, CV_8UC3, const_cast<uint8_t *>(rgb), size_t(stride));
        auto p = std::make_unique<bt_picture>();
        switch (((quarters % 4) + 4) % 4) {
            case 1: cv::rotate(stored, p->rgb, cv::ROTATE_90_CLOCKWISE); break;
            case 2: cv::rotate(stored, p->rgb, cv::ROTATE_180); break;
            case 3: cv::rotate(stored, p->rgb, cv::ROTATE_90_COUNTERCLOCKWISE); break;
            default: stored.copyTo(p->rgb); break;
        }
        *out = p.release();
    });
}

extern "C" void bt_picture_destroy(bt_picture *picture) { delete picture; }

extern "C" void bt_picture_pixels(const bt_picture *p, const uint8_t **rgb, ptrdiff_t *stride, int *width, int *height) {
    *rgb = p->rgb.data;
    *stride = ptrdiff_t(p->rgb.step[0]);
    *width = p->rgb.cols;
    *height = p->rgb.rows;
}

extern "C" int bt_picture_polyline(bt_picture *p, const double *xy, int count, int closed, int filled,
                                   const uint8_t rgb[3], double thickness, char *message, size_t size) {
    return guarded(message, size, [&] {
        if (count < 2) return;
        std::vector<cv::Point> points(count);
        for (int i = 0; i < count; ++i) points[i] = fixed(xy[2 * i], xy[2 * i + 1]);
        const cv::Point *pts = points.data();
        int n = count;
        if (filled) {
            cv::fillPoly(p->rgb, &pts, &n, 1, colour(rgb), cv::LINE_AA, kShift);
        } else {
            int t = std::max(1, int(std::lround(thickness)));
            cv::polylines(p->rgb, &pts, &n, 1, closed != 0, colour(rgb), t, cv::LINE_AA, kShift);
        }
    });
}

extern "C" int bt_picture_circle(bt_picture *p, double x, double y, double radius, const uint8_t rgb[3],
                                 double thickness, char *message, size_t size) {
    return guarded(message, size, [&] {
        int r = std::max(1, int(std::lround(radius * kOne)));
        int t = thickness <= 0 ? cv::FILLED : std::max(1, int(std::lround(thickness)));
        cv::circle(p->rgb, fixed(x, y), r, colour(rgb), t, cv::LINE_AA, kShift);
    });
}

extern "C" void bt_picture_text_size(const char *utf8, double height, double *width, double *box_height) {
    TextMetrics m(height);
    auto parts = runs(utf8);
    int w = 0;
    for (size_t i = 0; i < parts.size(); ++i) w += m.width(parts[i]) + (i + 1 < parts.size() ? m.degree_advance() : 0);
    *width = w + 2 * m.pad;
    // Room below the baseline for descenders (the 'p' of "apex").
    *box_height = height * 1.3 + 2 * m.pad;
}

extern "C" int bt_picture_text(bt_picture *p, const char *utf8, double x, double y, double height, const uint8_t rgb[3],
                               const uint8_t outline[3], char *message, size_t size) {
    return guarded(message, size, [&] {
        TextMetrics m(height);
        auto parts = runs(utf8);
        // Outline under everything first, then the letters, so that no outline covers a letter.
        for (int pass = 0; pass < 2; ++pass) {
            const cv::Scalar c = colour(pass == 0 ? outline : rgb);
            const int t = pass == 0 ? m.outline : m.thickness;
            double cx = x + m.pad;
            const int baseline = int(std::lround(y + m.pad + height));
            for (size_t i = 0; i < parts.size(); ++i) {
                if (!parts[i].empty())
                    cv::putText(p->rgb, parts[i], cv::Point(int(std::lround(cx)), baseline), kFont, m.scale, c, t, cv::LINE_AA);
                cx += m.width(parts[i]);
                if (i + 1 < parts.size()) {
                    double rx = cx + m.thickness + m.ring, ry = y + m.pad + m.ring + m.thickness / 2.0;
                    int ring_t = pass == 0 ? m.outline : m.thickness;
                    cv::circle(p->rgb, fixed(rx + 0.5, ry + 0.5), int(std::lround(m.ring * kOne)), c, ring_t, cv::LINE_AA, kShift);
                    cx += m.degree_advance();
                }
            }
        }
    });
}
