import FoundationEssentials

/// A club–ball strike heard in a session's sound: a short broadband click.
package struct Strike: Sendable, Hashable {
    /// When the click starts, seconds of the session (to about a millisecond).
    package var onset: Double
    /// How far the click's high band rises above the sound just before it, dB.
    package var strength: Double

    package init(onset: Double, strength: Double) {
        self.onset = onset
        self.strength = strength
    }
}
