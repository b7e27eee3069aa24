import FoundationEssentials

/// A bound on the ball's radius, as the user gave it: normalized to the frame's shorter side
/// (Vision's `objectMinimumNormalizedRadius`) or in pixels.
public enum RadiusLimit: Sendable, Hashable, Codable, CustomStringConvertible {
    case normalized(Double)
    case pixels(Double)

    /// Parses `0.01` (normalized) or `12px` (pixels); nil for anything else.
    public init?(parsing text: String) {
        let trimmed = text.trimmingWhitespace()
        if trimmed.hasSuffix("px") {
            guard let value = Double(trimmed.dropLast(2)), value.isFinite else { return nil }
            self = .pixels(value)
        } else {
            guard let value = Double(trimmed), value.isFinite else { return nil }
            self = .normalized(value)
        }
    }

    public var value: Double {
        switch self {
        case let .normalized(v), let .pixels(v): return v
        }
    }

    /// The bound in pixels for a frame whose shorter side has `shorterSide` pixels.
    public func pixels(shorterSide: Int) -> Double {
        switch self {
        case let .normalized(v): return v * Double(shorterSide)
        case let .pixels(v): return v
        }
    }

    /// The bound normalized to the shorter side.
    public func normalized(shorterSide: Int) -> Double {
        pixels(shorterSide: shorterSide) / Double(shorterSide)
    }

    public var description: String {
        switch self {
        case let .normalized(v): return "\(v)"
        case let .pixels(v): return "\(v)px"
        }
    }
}
