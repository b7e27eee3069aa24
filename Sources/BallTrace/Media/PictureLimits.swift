/// The largest pictures balltrace accepts, defined once: a header or a caller claiming more is
/// refused before anything of that size is allocated.
enum PictureLimits {
    /// Longest side, pixels (FFmpeg's own limit for most codecs).
    static let largestSide = 32768
    /// Largest picture read from a file, pixels (8192 × 8192): larger is a damaged header, or
    /// not camera footage.
    static let maximumPixels = 8192 * 8192
}
