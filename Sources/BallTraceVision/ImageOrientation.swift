import BallTrace

/// Image I/O's `CGImagePropertyOrientation`: how a buffer's rows and columns lie relative to
/// the picture a viewer sees (the EXIF orientations 1…8). Vision reports points in the picture
/// as seen, so the mirrored cases mirror them.
public enum CGImagePropertyOrientation: UInt32, Sendable, Hashable, CaseIterable {
    case up = 1
    case upMirrored = 2
    case down = 3
    case downMirrored = 4
    case leftMirrored = 5
    case right = 6
    case rightMirrored = 7
    case left = 8

    /// The turn that brings the buffer upright, and whether the upright picture must then be
    /// mirrored left to right. Each mirrored case is a turn followed by a mirror: `.leftMirrored`
    /// (row 0 the picture's left side, column 0 its top) is `.right`'s turn mirrored, and
    /// `.rightMirrored` is `.left`'s.
    var turnAndMirror: (turn: FrameOrientation, mirrored: Bool) {
        switch self {
        case .up: return (.up, false)
        case .upMirrored: return (.up, true)
        case .down: return (.down, false)
        case .downMirrored: return (.down, true)
        case .right: return (.right, false)
        case .leftMirrored: return (.right, true)
        case .left: return (.left, false)
        case .rightMirrored: return (.left, true)
        }
    }
}
