#include "CameraMotion.hpp"
#include <algorithm>
#include <cmath>

// Corners to follow (Shi–Tomasi, one per cell of a grid) and following them from the last
// picture to this one (pyramidal Lucas–Kanade over two levels).
namespace balltrace {

namespace {

/// Corners are looked for in a grid of this many cells each way, one per cell at most.
constexpr int kCellsAcross = 12, kCellsDown = 8;

}  // namespace

void CameraMotionEstimator::select_corners() {
    // Shi–Tomasi: the smaller eigenvalue of the gradients' structure tensor over a 5 × 5
    // window. Computed every second pixel each way; a cell keeps its strongest (the first, in
    // row order, of equals).
    const int w = fine_.width, h = fine_.height;
    const uint8_t *p = fine_.previous.data();
    corners_.clear();
    const int margin = kTrackingWindow * 2 + 2;  // room for the window at both levels
    const int cw = std::max(1, (w - 2 * margin) / kCellsAcross), ch = std::max(1, (h - 2 * margin) / kCellsDown);
    // The window sums come from the gradient products of each pixel, summed down five rows,
    // then across five columns: integers, so exactly the sums a window-by-window loop adds
    // up in floating point (all below 2²⁴), at a fraction of the cost. The sums down move two
    // rows at a time (the two rows entering added, the two leaving taken away), so only the
    // products of the last eight rows are kept, in a ring that stays in the cache.
    constexpr int kRing = 8;
    const int x_begin = margin - 3, x_end = w - margin + 3;
    products_.resize(size_t(3) * kRing * w);
    int32_t *ring = products_.data();
    // Row y's products, the three planes of one ring slot: xx, then yy, then xy.
    auto row_of = [&](int y) { return ring + size_t(3) * (y % kRing) * w; };
    auto products_of = [&](int y) {
        int32_t *xx = row_of(y), *yy = xx + w, *xy = yy + w;
        const uint8_t *r = p + size_t(y) * w;
        for (int x = x_begin; x < x_end; ++x) {
            int gx = r[x + 1] - r[x - 1], gy = r[x + w] - r[x - w];
            xx[x] = gx * gx;
            yy[x] = gy * gy;
            xy[x] = gx * gy;
        }
    };
    column_sums_.resize(size_t(3) * w);
    int32_t *cxx = column_sums_.data(), *cyy = cxx + w, *cxy = cyy + w;
    strength_.resize(size_t(w) * h);  // only the even pixels scanned below are read
    int summed = -1;  // the row the column sums are centred on, none yet
    for (int y = margin & ~1; y < h - margin; y += 2) {
        if (y < margin) continue;
        if (summed < 0) {
            for (int v = -2; v <= 2; ++v) products_of(y + v);
            for (int x = x_begin; x < x_end; ++x) {
                int32_t sxx = 0, syy = 0, sxy = 0;
                for (int v = -2; v <= 2; ++v) {
                    const int32_t *row = row_of(y + v);
                    sxx += row[x];
                    syy += row[w + x];
                    sxy += row[2 * w + x];
                }
                cxx[x] = sxx;
                cyy[x] = syy;
                cxy[x] = sxy;
            }
        } else {
            products_of(y + 1);
            products_of(y + 2);
            const int32_t *in1 = row_of(y + 1), *in2 = row_of(y + 2), *out1 = row_of(summed - 2), *out2 = row_of(summed - 1);
            for (int x = x_begin; x < x_end; ++x) {
                cxx[x] += in1[x] + in2[x] - out1[x] - out2[x];
                cyy[x] += in1[w + x] + in2[w + x] - out1[w + x] - out2[w + x];
                cxy[x] += in1[2 * w + x] + in2[2 * w + x] - out1[2 * w + x] - out2[2 * w + x];
            }
        }
        summed = y;
        float *out = strength_.data() + size_t(y) * w;
        // Across five columns the same way, two columns at a time. Every partial sum is a
        // whole number below 2²⁴, which a float holds exactly: summing in integers and
        // converting once gives the same floats as summing the converted columns.
        const int x_first = (margin + 1) & ~1;
        int32_t hxx = 0, hyy = 0, hxy = 0;
        for (int u = -2; u <= 2; ++u) {
            hxx += cxx[x_first + u];
            hyy += cyy[x_first + u];
            hxy += cxy[x_first + u];
        }
        for (int x = x_first; x < w - margin; x += 2) {
            if (x > x_first) {
                hxx += cxx[x + 1] + cxx[x + 2] - cxx[x - 4] - cxx[x - 3];
                hyy += cyy[x + 1] + cyy[x + 2] - cyy[x - 4] - cyy[x - 3];
                hxy += cxy[x + 1] + cxy[x + 2] - cxy[x - 4] - cxy[x - 3];
            }
            const float sxx = float(hxx), syy = float(hyy), sxy = float(hxy);
            float half = 0.5f * (sxx + syy);
            out[x] = half - std::sqrt(std::max(0.0f, 0.25f * (sxx - syy) * (sxx - syy) + sxy * sxy));
        }
    }
    float strongest = 0;
    std::vector<float> &best = candidates_;
    best.clear();
    for (int cy = 0; cy < kCellsDown; ++cy)
        for (int cx = 0; cx < kCellsAcross; ++cx) {
            float top = 0;
            int bx = -1, by = -1;
            // Even coordinates only: a corner is then a whole pixel of the coarse level too.
            for (int y = (margin + cy * ch + 1) & ~1; y < std::min(h - margin, margin + (cy + 1) * ch); y += 2)
                for (int x = (margin + cx * cw + 1) & ~1; x < std::min(w - margin, margin + (cx + 1) * cw); x += 2) {
                    float eigen = strength_[size_t(y) * w + x];
                    if (eigen > top) { top = eigen; bx = x; by = y; }
                }
            if (bx >= 0) {
                best.push_back(float(bx));
                best.push_back(float(by));
                best.push_back(top);
                strongest = std::max(strongest, top);
            }
        }
    // Flat patches (sky, a wall) cannot be followed: a corner must have some texture of its own.
    const float floor = std::max(0.01f * strongest, 25.0f * 25);
    for (size_t i = 0; i + 2 < best.size(); i += 3)
        if (best[i + 2] >= floor) {
            corners_.push_back(best[i]);
            corners_.push_back(best[i + 1]);
        }
}

/// Lucas–Kanade for one window: where the patch of `previous` around integer (x, y) lies in
/// `current`, starting from (gx, gy). Pyramid levels are handled by the caller.
static bool follow(const uint8_t *previous, const uint8_t *current, int w, int h, int x, int y, float &px, float &py) {
    float gxx = 0, gyy = 0, gxy = 0;
    float ix[(2 * kTrackingWindow + 1) * (2 * kTrackingWindow + 1)], iy[(2 * kTrackingWindow + 1) * (2 * kTrackingWindow + 1)],
        t[(2 * kTrackingWindow + 1) * (2 * kTrackingWindow + 1)];
    int n = 0;
    for (int v = -kTrackingWindow; v <= kTrackingWindow; ++v) {
        const uint8_t *r = previous + size_t(y + v) * w + x;
        for (int u = -kTrackingWindow; u <= kTrackingWindow; ++u, ++n) {
            ix[n] = 0.5f * float(r[u + 1] - r[u - 1]);
            iy[n] = 0.5f * float(r[u + w] - r[u - w]);
            t[n] = r[u];
            gxx += ix[n] * ix[n];
            gyy += iy[n] * iy[n];
            gxy += ix[n] * iy[n];
        }
    }
    float det = gxx * gyy - gxy * gxy;
    if (det < 1e-3f * (gxx + gyy) * (gxx + gyy) || det <= 0) return false;
    for (int iteration = 0; iteration < 10; ++iteration) {
        if (px < kTrackingWindow + 1 || py < kTrackingWindow + 1 || px >= w - kTrackingWindow - 2 || py >= h - kTrackingWindow - 2) return false;
        float bx = 0, by = 0;
        n = 0;
        // Bilinear samples of `current` at (px + u, py + v). The window's columns and their
        // weights toward the right are found once for all its rows, not once a pixel: the same
        // float operations on the same values, so the same bits.
        int column[2 * kTrackingWindow + 1];
        float toward_right[2 * kTrackingWindow + 1];
        for (int u = -kTrackingWindow; u <= kTrackingWindow; ++u) {
            const float x = px + u;
            column[u + kTrackingWindow] = int(x);
            toward_right[u + kTrackingWindow] = x - column[u + kTrackingWindow];
        }
        for (int v = -kTrackingWindow; v <= kTrackingWindow; ++v) {
            const float y = py + v;
            const int y0 = int(y);
            const float toward_lower = y - y0;
            const uint8_t *r = current + size_t(y0) * w;
            for (int u = 0; u <= 2 * kTrackingWindow; ++u, ++n) {
                const uint8_t *q = r + column[u];
                const float fx = toward_right[u];
                float top = q[0] + fx * (q[1] - q[0]), bottom = q[w] + fx * (q[w + 1] - q[w]);
                float e = t[n] - (top + toward_lower * (bottom - top));
                bx += e * ix[n];
                by += e * iy[n];
            }
        }
        float dx = (gyy * bx - gxy * by) / det, dy = (gxx * by - gxy * bx) / det;
        px += dx;
        py += dy;
        if (dx * dx + dy * dy < 0.01f * 0.01f) break;
    }
    return true;
}

bool CameraMotionEstimator::track(float x, float y, float gx, float gy, float &ox, float &oy) const {
    // The displacement is found on the coarse level first (corners sit on even fine pixels, so
    // on whole coarse ones), then refined on the fine level.
    const int cx = int(x) / 2, cy = int(y) / 2;
    float px = cx + (gx - x) / 2, py = cy + (gy - y) / 2;
    if (!follow(coarse_.previous.data(), coarse_.current.data(), coarse_.width, coarse_.height, cx, cy, px, py))
        return false;
    float fx = x + 2 * (px - cx), fy = y + 2 * (py - cy);
    if (!follow(fine_.previous.data(), fine_.current.data(), fine_.width, fine_.height, int(x), int(y), fx, fy))
        return false;
    ox = fx;
    oy = fy;
    return true;
}

}  // namespace balltrace
