// What the overlay (Overlay.cpp) and the broadcast tracer (Tracer.cpp) share: layers drawn once
// per change into coverage masks whose untouched pages take no memory, the covered spans of each
// row listed, and each frame blended along those spans only, in BT.601 limited-range YUV.
#pragma once
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>
#include <opencv2/core.hpp>

namespace balltrace::layer {

/// Covered pixels [x0, x1) of one row.
struct Span {
    int y, x0, x1;
};

struct FreeDeleter {
    void operator()(void *p) const { std::free(p); }
};

/// Memory of the zeroed matrices below, owned by the layer that made them.
using Storage = std::vector<std::unique_ptr<void, FreeDeleter>>;

/// A zeroed matrix whose untouched pages take no memory (calloc of this size maps fresh zero
/// pages): 12 MB of canvases at 1080p cost a few hundred kilobytes for a flight.
inline cv::Mat lazily_zeroed(Storage &storage, int rows, int cols, int type) {
    size_t bytes = size_t(rows) * cols * CV_ELEM_SIZE(type);
    void *data = std::calloc(bytes == 0 ? 1 : bytes, 1);
    if (!data) throw std::bad_alloc();
    storage.emplace_back(data);
    return cv::Mat(rows, cols, type, data);
}

/// Appends the runs of nonzero coverage of `row` within [x0, x1) to `spans`.
inline void add_spans(std::vector<Span> &spans, int y, const uint8_t *row, int x0, int x1) {
    int x = x0;
    while (x < x1) {
        while (x < x1 && row[x] == 0) ++x;
        int start = x;
        while (x < x1 && row[x] != 0) ++x;
        if (x > start) spans.push_back({y, start, x});
    }
}

inline uint8_t blend(uint8_t base, uint8_t top, int alpha) {
    return uint8_t((base * (255 - alpha) + top * alpha + 127) / 255);
}

/// BT.601 limited range, from 8-bit RGB.
inline uint8_t luma(double r, double g, double b) { return cv::saturate_cast<uint8_t>(16 + 0.257 * r + 0.504 * g + 0.098 * b); }
inline uint8_t blue_difference(double r, double g, double b) { return cv::saturate_cast<uint8_t>(128 - 0.148 * r - 0.291 * g + 0.439 * b); }
inline uint8_t red_difference(double r, double g, double b) { return cv::saturate_cast<uint8_t>(128 + 0.439 * r - 0.368 * g - 0.071 * b); }

/// The caller's planes must be of the layer's size: a row shorter than the layer's would be
/// written past. `what` names the layer in the message.
inline void check_planes(const char *what, int width, const uint8_t *y, ptrdiff_t ys, const uint8_t *u, ptrdiff_t us,
                         const uint8_t *v, ptrdiff_t vs) {
    const ptrdiff_t chroma_width = (width + 1) / 2;
    if (y == nullptr || u == nullptr || v == nullptr) throw std::invalid_argument(std::string(what) + ": a plane is missing");
    if (ys < width || us < chroma_width || vs < chroma_width)
        throw std::invalid_argument(std::string(what) + ": a plane's stride is shorter than the " + what + "'s rows");
}

}  // namespace balltrace::layer
