// Global camera motion between two consecutive analysis pictures: a similarity (translation,
// rotation about the origin, uniform scale) estimated from sparse features.
//
// Why this way: a handheld phone, a panning broadcast camera or a zoom moves every background
// pixel at once, and background subtraction then sees every edge in the picture as "moving"
// (hundreds of blobs a frame on real clips filmed as "static"). Corners are picked on a coarse
// grid (one per cell, the strongest by Shi–Tomasi's smaller eigenvalue, so they spread over the
// whole picture), followed by pyramidal Lucas–Kanade (translation per corner, two levels), and
// the similarity is fitted by RANSAC on pairs of corners, then refined by least squares on the
// inliers: players, a swinging club or fluttering leaves move their own corners, which the
// consensus rejects. All of it runs on pictures of a quarter and an eighth of the analysis
// size, a few thousand operations per corner.
#pragma once
#include <cstdint>
#include <vector>

namespace balltrace {

/// Half the side of the window a corner is followed with, pixels of either level.
inline constexpr int kTrackingWindow = 4;

/// x' = a·x − b·y + tx, y' = b·x + a·y + ty: a point of the current picture to where it was in
/// the previous one (a = s·cos θ, b = s·sin θ).
struct Similarity {
    double a = 1, b = 0, tx = 0, ty = 0;
    void apply(double x, double y, double &ox, double &oy) const {
        ox = a * x - b * y + tx;
        oy = b * x + a * y + ty;
    }
    /// The largest distance a point of a w × h picture moves.
    double largest_displacement(double w, double h) const;
    Similarity scaled(double factor) const { return {a, b, tx * factor, ty * factor}; }
    bool is_identity() const { return a == 1 && b == 0 && tx == 0 && ty == 0; }
    /// This map after `inner`: a point goes through `inner` first.
    Similarity after(const Similarity &inner) const {
        Similarity r{a * inner.a - b * inner.b, b * inner.a + a * inner.b, 0, 0};
        apply(inner.tx, inner.ty, r.tx, r.ty);
        return r;
    }
    Similarity inverse() const {
        double s2 = a * a + b * b;
        Similarity r{a / s2, -b / s2, 0, 0};
        r.tx = -(r.a * tx - r.b * ty);
        r.ty = -(r.b * tx + r.a * ty);
        return r;
    }
};

class CameraMotionEstimator {
public:
    /// `width` × `height`: the analysis picture. `wide`: halve its pyramid levels 32 pixels at
    /// a time (AVX2, only where the processor has it).
    CameraMotionEstimator(int width, int height, bool wide);
    /// Feeds the next analysis picture (contiguous rows of `width` bytes). Returns whether the
    /// motion from the previous picture is known; `motion` maps this picture's pixels to the
    /// previous one's, in analysis pixels; `inliers` is the share of corners that agree.
    bool next(const uint8_t *picture, Similarity &motion, double &inlier_share);

private:
    struct Level {
        int width = 0, height = 0;
        std::vector<uint8_t> previous, current;
    };
    int width_, height_;
    bool wide_;
    Level fine_, coarse_;  // a quarter and an eighth of the analysis size
    bool primed_ = false;
    Similarity last_;
    std::vector<uint8_t> half_;  // half the analysis size, scratch
    std::vector<float> corners_, tracked_;  // x, y pairs in fine-level pixels
    std::vector<uint8_t> ok_;
    // Scratch, kept between frames so that nothing is allocated per frame: candidate corners
    // (x, y, strength), the pairs a fit is made from, and which of them agree.
    std::vector<float> candidates_;
    // Gradient products of the last eight fine rows (a ring: xx, yy, xy per row), their sums
    // down five rows, and the corner strength at even pixels.
    std::vector<int32_t> products_, column_sums_;
    std::vector<float> strength_;
    std::vector<uint8_t> shift_inliers_;
    std::vector<double> sx_, sy_, dx_, dy_;
    std::vector<uint8_t> inliers_;
    uint64_t random_ = 0x9E3779B97F4A7C15ull;

    void build(const uint8_t *picture);
    void select_corners();
    bool track(float x, float y, float gx, float gy, float &ox, float &oy) const;
    bool fit(Similarity &motion, double &share);
};

}  // namespace balltrace
