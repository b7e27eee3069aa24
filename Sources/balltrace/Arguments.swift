import ArgumentParser
import BallTrace

/// Parses a radius flag: `0.02` (normalized to the shorter side) or `12px`.
func parseRadius(_ text: String) throws -> RadiusLimit {
    guard let limit = RadiusLimit(parsing: text) else {
        throw ValidationError("expected a number normalized to the frame's shorter side (0.02) or pixels with 'px' (12px)")
    }
    return limit
}

extension CoordinateSystem: ExpressibleByArgument {}

extension Ball: ExpressibleByArgument {}

/// Parses a length with its unit: `42.67mm`, `6.7cm`, `1.68in`, `0.22m`.
func parseLength(_ text: String) throws -> Length {
    guard let length = Length(parsing: text) else {
        throw ValidationError("expected a positive length with its unit: mm, cm, m or in (42.67mm, 1.68in)")
    }
    return length
}

/// `X,Y,W,H`, normalized 0…1, origin top-left.
func parseRegion(_ text: String) throws -> NormalizedRect {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        .map { Double($0.trimmingWhitespace()) }
    guard parts.count == 4, parts.allSatisfy({ $0?.isFinite == true }) else {
        throw ValidationError("expected four numbers X,Y,W,H separated by commas, each 0…1 of the frame (0,0,0.6,0.7)")
    }
    return NormalizedRect(x: parts[0]!, y: parts[1]!, width: parts[2]!, height: parts[3]!)
}

/// `--tee`: a point X,Y normalized to the picture, origin top-left.
func parsePoint(_ text: String) throws -> NormalizedPoint {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        .map { Double($0.trimmingWhitespace()) }
    guard parts.count == 2, parts.allSatisfy({ $0?.isFinite == true }) else {
        throw ValidationError("expected two numbers X,Y separated by a comma, each 0…1 of the frame, origin top-left (0.42,0.86)")
    }
    return NormalizedPoint(x: parts[0]!, y: parts[1]!)
}

/// `--timeout`: seconds, 0 or more (0 waits for ever).
func parseTimeout(_ text: String) throws -> Double {
    guard let seconds = Double(text.trimmingWhitespace()), seconds.isFinite, seconds >= 0 else {
        throw ValidationError("expected seconds, 0 or more (10; 0 waits for ever)")
    }
    return seconds
}
