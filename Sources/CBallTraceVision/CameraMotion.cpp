#include "CameraMotion.hpp"
#include <algorithm>
#include <cmath>
#include "Halve.hpp"

namespace balltrace {

namespace {

/// Corners are looked for in a grid of this many cells each way, one per cell at most.
constexpr int kCellsAcross = 12, kCellsDown = 8;
/// Half the side of the window a corner is followed with, pixels of either level.
constexpr int kWindow = 4;
/// Largest distance from the consensus motion of a corner that agrees with it, fine pixels.
constexpr double kInlierDistance = 0.4;
/// A motion is trusted when at least this many corners, and this share of those followed, agree.
constexpr int kMinimumInliers = 8;
constexpr double kMinimumInlierShare = 0.4;
constexpr int kRansacRounds = 64;

/// Halves a picture by 2 × 2 means (rounded); an odd last row or column is left out.
void halve(const uint8_t *in, int /*width*/, int stride, int out_width, int out_height, uint8_t *out) {
    for (int y = 0; y < out_height; ++y) {
        const uint8_t *a = in + size_t(2 * y) * stride;
        halve_row(a, a + stride, out_width, out + size_t(y) * out_width);
    }
}

/// Bilinear sample of an 8-bit picture at continuous index coordinates (x, y), inside.
inline float sample(const uint8_t *p, int stride, float x, float y) {
    int x0 = int(x), y0 = int(y);
    float fx = x - x0, fy = y - y0;
    const uint8_t *r = p + size_t(y0) * stride + x0;
    float top = r[0] + fx * (r[1] - r[0]);
    float bottom = r[stride] + fx * (r[stride + 1] - r[stride]);
    return top + fy * (bottom - top);
}

}  // namespace

double Similarity::largest_displacement(double w, double h) const {
    double largest = 0;
    const double xs[2] = {0, w}, ys[2] = {0, h};
    for (double x : xs)
        for (double y : ys) {
            double ox, oy;
            apply(x, y, ox, oy);
            largest = std::max(largest, std::hypot(ox - x, oy - y));
        }
    return largest;
}

CameraMotionEstimator::CameraMotionEstimator(int width, int height) : width_(width), height_(height) {
    fine_.width = width / 4;
    fine_.height = height / 4;
    coarse_.width = fine_.width / 2;
    coarse_.height = fine_.height / 2;
    for (Level *level : {&fine_, &coarse_}) {
        level->previous.assign(size_t(level->width) * level->height, 0);
        level->current.assign(size_t(level->width) * level->height, 0);
    }
    half_.assign(size_t(width / 2) * (height / 2), 0);
}

void CameraMotionEstimator::build(const uint8_t *picture) {
    halve(picture, width_, width_, width_ / 2, height_ / 2, half_.data());
    halve(half_.data(), width_ / 2, width_ / 2, fine_.width, fine_.height, fine_.current.data());
    halve(fine_.current.data(), fine_.width, fine_.width, coarse_.width, coarse_.height, coarse_.current.data());
}

void CameraMotionEstimator::select_corners() {
    // Shi–Tomasi: the smaller eigenvalue of the gradients' structure tensor over a 5 × 5
    // window. Computed every second pixel each way; a cell keeps its strongest (the first, in
    // row order, of equals).
    const int w = fine_.width, h = fine_.height;
    const uint8_t *p = fine_.previous.data();
    corners_.clear();
    const int margin = kWindow * 2 + 2;  // room for the window at both levels
    const int cw = std::max(1, (w - 2 * margin) / kCellsAcross), ch = std::max(1, (h - 2 * margin) / kCellsDown);
    // The window sums come from the gradient products of each pixel, summed down five rows,
    // then across five columns: integers, so exactly the sums a window-by-window loop adds
    // up in floating point (all below 2²⁴), at a fraction of the cost.
    products_.resize(size_t(3) * w * h);
    int32_t *pxx = products_.data(), *pyy = pxx + size_t(w) * h, *pxy = pyy + size_t(w) * h;
    for (int y = margin - 2; y < h - margin + 2; ++y) {
        const uint8_t *r = p + size_t(y) * w;
        const size_t row = size_t(y) * w;
        for (int x = margin - 3; x < w - margin + 3; ++x) {
            int gx = r[x + 1] - r[x - 1], gy = r[x + w] - r[x - w];
            pxx[row + x] = gx * gx;
            pyy[row + x] = gy * gy;
            pxy[row + x] = gx * gy;
        }
    }
    column_sums_.resize(size_t(3) * w);
    int32_t *cxx = column_sums_.data(), *cyy = cxx + w, *cxy = cyy + w;
    strength_.resize(size_t(w) * h);  // only the even pixels scanned below are read
    for (int y = margin & ~1; y < h - margin; y += 2) {
        if (y < margin) continue;
        for (int x = margin - 3; x < w - margin + 3; ++x) {
            int32_t sxx = 0, syy = 0, sxy = 0;
            for (int v = -2; v <= 2; ++v) {
                const size_t i = size_t(y + v) * w + x;
                sxx += pxx[i];
                syy += pyy[i];
                sxy += pxy[i];
            }
            cxx[x] = sxx;
            cyy[x] = syy;
            cxy[x] = sxy;
        }
        float *out = strength_.data() + size_t(y) * w;
        for (int x = (margin + 1) & ~1; x < w - margin; x += 2) {
            float sxx = 0, syy = 0, sxy = 0;
            for (int u = -2; u <= 2; ++u) {
                sxx += float(cxx[x + u]);
                syy += float(cyy[x + u]);
                sxy += float(cxy[x + u]);
            }
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
    float ix[(2 * kWindow + 1) * (2 * kWindow + 1)], iy[(2 * kWindow + 1) * (2 * kWindow + 1)],
        t[(2 * kWindow + 1) * (2 * kWindow + 1)];
    int n = 0;
    for (int v = -kWindow; v <= kWindow; ++v) {
        const uint8_t *r = previous + size_t(y + v) * w + x;
        for (int u = -kWindow; u <= kWindow; ++u, ++n) {
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
        if (px < kWindow + 1 || py < kWindow + 1 || px >= w - kWindow - 2 || py >= h - kWindow - 2) return false;
        float bx = 0, by = 0;
        n = 0;
        for (int v = -kWindow; v <= kWindow; ++v)
            for (int u = -kWindow; u <= kWindow; ++u, ++n) {
                float e = t[n] - sample(current, w, px + u, py + v);
                bx += e * ix[n];
                by += e * iy[n];
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

bool CameraMotionEstimator::fit(Similarity &motion, double &share) {
    // Pairs: source = where a corner is now (tracked_), target = where it was (corners_);
    // continuous coordinates (pixel centres at half-integers).
    std::vector<double> &sx = sx_, &sy = sy_, &dx = dx_, &dy = dy_;
    sx.clear(); sy.clear(); dx.clear(); dy.clear();
    for (size_t i = 0; i < ok_.size(); ++i)
        if (ok_[i]) {
            sx.push_back(tracked_[2 * i] + 0.5);
            sy.push_back(tracked_[2 * i + 1] + 0.5);
            dx.push_back(corners_[2 * i] + 0.5);
            dy.push_back(corners_[2 * i + 1] + 0.5);
        }
    const size_t n = sx.size();
    share = 0;
    if (n < size_t(kMinimumInliers)) return false;
    auto next_random = [this] {
        random_ ^= random_ << 13;
        random_ ^= random_ >> 7;
        random_ ^= random_ << 17;
        return random_;
    };
    auto count_inliers = [&](const Similarity &m, std::vector<uint8_t> *mask) {
        size_t count = 0;
        for (size_t i = 0; i < n; ++i) {
            double ox, oy;
            m.apply(sx[i], sy[i], ox, oy);
            bool in = (ox - dx[i]) * (ox - dx[i]) + (oy - dy[i]) * (oy - dy[i]) <= kInlierDistance * kInlierDistance;
            if (mask) (*mask)[i] = in;
            count += in;
        }
        return count;
    };
    // The last frame's motion and no motion at all are tried first: most frames continue the
    // camera's motion, and a tripod's is none.
    Similarity best = last_;
    size_t best_count = count_inliers(last_, nullptr);
    if (size_t c = count_inliers(Similarity{}, nullptr); c > best_count) { best = Similarity{}; best_count = c; }
    for (int round = 0; round < kRansacRounds; ++round) {
        size_t i = next_random() % n, j = next_random() % n;
        if (i == j) continue;
        // z = (d_i − d_j) / (s_i − s_j) in complex numbers; t = d_i − z·s_i.
        double ux = sx[i] - sx[j], uy = sy[i] - sy[j], vx = dx[i] - dx[j], vy = dy[i] - dy[j];
        double norm = ux * ux + uy * uy;
        if (norm < 16) continue;  // too close together to tell rotation and scale
        Similarity m;
        m.a = (vx * ux + vy * uy) / norm;
        m.b = (vy * ux - vx * uy) / norm;
        if (std::abs(std::hypot(m.a, m.b) - 1) > 0.2) continue;  // no camera zooms by a fifth in one frame
        m.tx = dx[i] - (m.a * sx[i] - m.b * sy[i]);
        m.ty = dy[i] - (m.b * sx[i] + m.a * sy[i]);
        size_t c = count_inliers(m, nullptr);
        if (c > best_count) { best = m; best_count = c; }
    }
    std::vector<uint8_t> &mask = inliers_;
    mask.assign(n, 0);
    // Least squares on the inliers, twice (the refit may gain a few corners).
    for (int pass = 0; pass < 2; ++pass) {
        best_count = count_inliers(best, &mask);
        if (best_count < size_t(kMinimumInliers)) break;
        double msx = 0, msy = 0, mdx = 0, mdy = 0;
        for (size_t i = 0; i < n; ++i)
            if (mask[i]) { msx += sx[i]; msy += sy[i]; mdx += dx[i]; mdy += dy[i]; }
        msx /= best_count; msy /= best_count; mdx /= best_count; mdy /= best_count;
        double num_a = 0, num_b = 0, den = 0;
        for (size_t i = 0; i < n; ++i)
            if (mask[i]) {
                double ax = sx[i] - msx, ay = sy[i] - msy, bx = dx[i] - mdx, by = dy[i] - mdy;
                num_a += ax * bx + ay * by;
                num_b += ax * by - ay * bx;
                den += ax * ax + ay * ay;
            }
        if (den <= 0) break;
        best.a = num_a / den;
        best.b = num_b / den;
        best.tx = mdx - (best.a * msx - best.b * msy);
        best.ty = mdy - (best.b * msx + best.a * msy);
    }
    best_count = count_inliers(best, nullptr);
    share = double(best_count) / double(n);
    if (best_count < size_t(kMinimumInliers) || share < kMinimumInlierShare) return false;
    motion = best;
    return true;
}

bool CameraMotionEstimator::next(const uint8_t *picture, Similarity &motion, double &inlier_share) {
    motion = Similarity{};
    inlier_share = 0;
    if (fine_.width < 4 * kWindow + 8 || fine_.height < 4 * kWindow + 8) return false;  // too small to tell
    build(picture);
    bool known = false;
    if (primed_) {
        select_corners();
        const size_t count = corners_.size() / 2;
        tracked_.assign(corners_.size(), 0);
        ok_.assign(count, 0);
        // Start each corner where the last motion would put it: fast pans move several pixels.
        const double a = last_.a, b = last_.b, s2 = a * a + b * b;
        for (size_t i = 0; i < count; ++i) {
            double x = corners_[2 * i] + 0.5, y = corners_[2 * i + 1] + 0.5;
            // The inverse of the last motion: previous → current.
            double ux = x - last_.tx, uy = y - last_.ty;
            double gx = (a * ux + b * uy) / s2 - 0.5, gy = (-b * ux + a * uy) / s2 - 0.5;
            float ox, oy;
            if (track(corners_[2 * i], corners_[2 * i + 1], float(gx), float(gy), ox, oy)) {
                tracked_[2 * i] = ox;
                tracked_[2 * i + 1] = oy;
                ok_[i] = 1;
            }
        }
        Similarity fine_motion;
        known = fit(fine_motion, inlier_share);
        last_ = known ? fine_motion : Similarity{};
        if (known) motion = fine_motion.scaled(4);  // fine pixels are 4 analysis pixels each way
    }
    std::swap(fine_.previous, fine_.current);
    std::swap(coarse_.previous, coarse_.current);
    primed_ = true;
    return known;
}

}  // namespace balltrace
