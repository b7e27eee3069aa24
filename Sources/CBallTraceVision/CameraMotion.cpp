#include "CameraMotion.hpp"
#include <algorithm>
#include <cmath>
#include "Halve.hpp"

// The camera's motion from frame to frame: a two-level pyramid of each picture, corners
// followed from the last picture (CornerTracking.cpp), and a similarity fitted to them by
// consensus.
namespace balltrace {

namespace {

/// Largest distance from the consensus motion of a corner that agrees with it, fine pixels.
constexpr double kInlierDistance = 0.4;
/// A motion is trusted when at least this many corners, and this share of those followed, agree.
constexpr int kMinimumInliers = 8;
constexpr double kMinimumInlierShare = 0.4;
constexpr int kRansacRounds = 64;

/// Halves a picture by 2 × 2 means (rounded); an odd last row or column is left out. With
/// `wide`, each row's first outputs 32 at a time (halve_row_wide).
void halve(const uint8_t *in, int stride, int out_width, int out_height, uint8_t *out, bool wide) {
    for (int y = 0; y < out_height; ++y) {
        const uint8_t *a = in + size_t(2 * y) * stride;
        uint8_t *row = out + size_t(y) * out_width;
        halve_row(a, a + stride, out_width, row, wide ? halve_row_wide(a, a + stride, out_width, row) : 0);
    }
}

/// How closely Lucas–Kanade follows a textured corner, fine pixels (a twentieth of a pixel,
/// a fifth of an analysis pixel): two motions whose fits of the same corners differ by less
/// than this a corner explain them equally well.
constexpr double kTrackingNoise = 0.05;

double squared_residual(const Similarity &m, double sx, double sy, double dx, double dy) {
    double ox, oy;
    m.apply(sx, sy, ox, oy);
    return (ox - dx) * (ox - dx) + (oy - dy) * (oy - dy);
}

/// The translation most corners agree with (each corner's own shift tried, then the mean of
/// those that agree with the best).
template <typename Count>
Similarity best_shift(const std::vector<double> &sx, const std::vector<double> &sy, const std::vector<double> &dx,
                      const std::vector<double> &dy, Count &count_inliers) {
    Similarity best;
    size_t best_count = 0;
    for (size_t i = 0; i < sx.size(); ++i) {
        Similarity m{1, 0, dx[i] - sx[i], dy[i] - sy[i]};
        size_t c = count_inliers(m, nullptr);
        if (c > best_count) { best = m; best_count = c; }
    }
    for (int pass = 0; pass < 2; ++pass) {
        double mx = 0, my = 0;
        size_t k = 0;
        for (size_t i = 0; i < sx.size(); ++i) {
            if (squared_residual(best, sx[i], sy[i], dx[i], dy[i]) <= kInlierDistance * kInlierDistance) {
                mx += dx[i] - sx[i];
                my += dy[i] - sy[i];
                ++k;
            }
        }
        if (k == 0) break;
        best.tx = mx / double(k);
        best.ty = my / double(k);
    }
    return best;
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

CameraMotionEstimator::CameraMotionEstimator(int width, int height, bool wide) : width_(width), height_(height), wide_(wide) {
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
    halve(picture, width_, width_ / 2, height_ / 2, half_.data(), wide_);
    halve(half_.data(), width_ / 2, fine_.width, fine_.height, fine_.current.data(), wide_);
    halve(fine_.current.data(), fine_.width, coarse_.width, coarse_.height, coarse_.current.data(), wide_);
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
    // Least squares on a motion's inliers, twice (the refit may gain a few corners).
    auto refined = [&](Similarity m) {
        mask.assign(n, 0);
        for (int pass = 0; pass < 2; ++pass) {
            const size_t count = count_inliers(m, &mask);
            if (count < size_t(kMinimumInliers)) break;
            double msx = 0, msy = 0, mdx = 0, mdy = 0;
            for (size_t i = 0; i < n; ++i)
                if (mask[i]) { msx += sx[i]; msy += sy[i]; mdx += dx[i]; mdy += dy[i]; }
            msx /= count; msy /= count; mdx /= count; mdy /= count;
            double num_a = 0, num_b = 0, den = 0;
            for (size_t i = 0; i < n; ++i)
                if (mask[i]) {
                    double ax = sx[i] - msx, ay = sy[i] - msy, bx = dx[i] - mdx, by = dy[i] - mdy;
                    num_a += ax * bx + ay * by;
                    num_b += ax * by - ay * bx;
                    den += ax * ax + ay * ay;
                }
            if (den <= 0) break;
            m.a = num_a / den;
            m.b = num_b / den;
            m.tx = mdx - (m.a * msx - m.b * msy);
            m.ty = mdy - (m.b * msx + m.a * msy);
        }
        return m;
    };
    best = refined(best);
    best_count = count_inliers(best, nullptr);
    // A turn or a zoom explains the corners a shift explains at least as closely, and more
    // corners besides. A similarity that explains more corners but the best shift's less
    // closely is two things moving differently (the background on one side, a player on the
    // other) joined by a fictitious turn: the camera's motion is then the similarity of the
    // shift's corners alone (the camera's own slight turn and zoom kept).
    const Similarity shift = best_shift(sx, sy, dx, dy, count_inliers);
    std::vector<uint8_t> &shifted = shift_inliers_;
    shifted.assign(n, 0);
    const size_t shift_count = count_inliers(shift, &shifted);
    if (shift_count >= size_t(kMinimumInliers) && !best.is_identity()) {
        double by_shift = 0, by_similarity = 0;
        for (size_t i = 0; i < n; ++i)
            if (shifted[i]) {
                by_shift += squared_residual(shift, sx[i], sy[i], dx[i], dy[i]);
                by_similarity += squared_residual(best, sx[i], sy[i], dx[i], dy[i]);
            }
        const double noise = kTrackingNoise * kTrackingNoise * double(shift_count);
        if (by_similarity > by_shift + noise) {
            best = refined(shift);
            best_count = count_inliers(best, nullptr);
        }
    }
    share = double(best_count) / double(n);
    if (best_count < size_t(kMinimumInliers) || share < kMinimumInlierShare) return false;
    motion = best;
    return true;
}

bool CameraMotionEstimator::next(const uint8_t *picture, Similarity &motion, double &inlier_share) {
    motion = Similarity{};
    inlier_share = 0;
    if (fine_.width < 4 * kTrackingWindow + 8 || fine_.height < 4 * kTrackingWindow + 8) return false;  // too small to tell
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