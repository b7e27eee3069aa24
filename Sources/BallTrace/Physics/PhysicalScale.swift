import FoundationEssentials

/// How pixels become metres, as the user asked for it.
public enum ScaleSetting: Sendable, Hashable, Codable {
    /// A calibration: a metre stick in view measured this many pixels.
    case pixelsPerMetre(Double)
    /// The ball's real diameter: the scale follows from its detected radius at launch.
    case ballDiameter(Length)

    /// The calibration, when the scale was given that way.
    public var pixelsPerMetre: Double? { if case let .pixelsPerMetre(n) = self { return n } else { return nil } }
    /// The diameter, when the scale was given that way.
    public var ballDiameter: Length? { if case let .ballDiameter(d) = self { return d } else { return nil } }
}

/// The scale one trajectory's figures were computed with, and where it came from.
public struct PhysicalScale: Sendable, Hashable, Codable {
    public var pixelsPerMetre: Double
    /// In words: "--pixels-per-metre", or the diameter and the radius it was matched to.
    public var source: String

    public init(pixelsPerMetre: Double, source: String) {
        self.pixelsPerMetre = pixelsPerMetre
        self.source = source
    }

    /// The scale for a ball whose radius at launch measured `launchRadius` pixels.
    public static func resolve(_ setting: ScaleSetting, launchRadius: Double) -> PhysicalScale? {
        switch setting {
        case let .pixelsPerMetre(value):
            return PhysicalScale(pixelsPerMetre: value, source: "--pixels-per-metre")
        case let .ballDiameter(diameter):
            guard launchRadius > 0 else { return nil }
            let radiusText = String(printf: "%.2f", launchRadius)
            return PhysicalScale(pixelsPerMetre: 2 * launchRadius / diameter.metres,
                                 source: "ball diameter \(diameter) over its radius at launch, \(radiusText) px")
        }
    }
}
