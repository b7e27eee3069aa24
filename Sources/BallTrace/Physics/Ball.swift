import FoundationEssentials

/// The balls balltrace knows by name: their regulation diameter, and the radius bounds that suit
/// them in a typical shot (a golf ball is a speck in a swing clip; a basketball fills a fifth of
/// a phone's frame).
package enum Ball: String, Sendable, Hashable, Codable, CaseIterable {
    case golf, tennis, baseball, softball, basketball, soccer, volleyball

    /// Regulation diameter, metres (the middle of the allowed range where there is one).
    package var diameter: Double {
        switch self {
        case .golf: return 0.04267
        case .tennis: return 0.0670
        case .baseball: return 0.0740
        case .softball: return 0.0970
        case .basketball: return 0.2420
        case .soccer: return 0.2200
        case .volleyball: return 0.2100
        }
    }

    /// Largest apparent radius worth considering, normalized to the frame's shorter side.
    package var maximumRadius: RadiusLimit {
        switch self {
        case .golf: return .normalized(0.04)
        case .tennis, .baseball: return .normalized(0.08)
        case .softball: return .normalized(0.1)
        case .basketball, .soccer, .volleyball: return .normalized(0.2)
        }
    }

    /// Smallest apparent radius worth considering: 1 px, below which nothing is a ball.
    package var minimumRadius: RadiusLimit { .pixels(1) }
}

/// A length as typed on a command line: `42.67mm`, `6.7cm`, `1.68in`, `0.22m`.
public struct Length: Sendable, Hashable, Codable, CustomStringConvertible {
    public var metres: Double

    public init(metres: Double) { self.metres = metres }

    /// Nil unless the text is a positive number followed by mm, cm, m or in.
    public init?(parsing text: String) {
        let trimmed = text.trimmingWhitespace().lowercased()
        let units: [(suffix: String, metres: Double)] = [("mm", 0.001), ("cm", 0.01), ("in", 0.0254), ("m", 1)]
        guard let unit = units.first(where: { trimmed.hasSuffix($0.suffix) }),
              let value = Double(trimmed.dropLast(unit.suffix.count).trimmingWhitespace()),
              value.isFinite, value > 0 else { return nil }
        metres = value * unit.metres
    }

    public var description: String { "\(Double((metres * 1e5).rounded()) / 100) mm" }
}
