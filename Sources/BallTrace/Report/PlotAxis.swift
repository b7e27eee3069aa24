import FoundationEssentials
import Glibc

/// One axis of a report plot: what it measures, in which unit, the range it spans and the
/// round values it is marked at.
///
/// The range is widened to round values (steps of 1, 2 or 5 times a power of ten, about five of
/// them) so that the ticks fall on numbers a reader takes in at a glance, and it always holds 0
/// when asked to: a flight's height and distance are read from its launch, a speed from rest.
package struct PlotAxis: Sendable, Hashable {
    /// What is measured, "height"; and its unit, "m" or "px/s".
    package var title: String
    package var unit: String
    package var lower: Double
    package var upper: Double
    /// The marked values, from ``lower`` to ``upper``, ``step`` apart.
    package var ticks: [Double]
    package var step: Double

    /// An axis spanning `values` (those that are finite), widened to round values.
    package init(title: String, unit: String, covering values: [Double], includingZero: Bool = true) {
        self.title = title
        self.unit = unit
        var finite = values.filter(\.isFinite)
        if includingZero { finite.append(0) }
        var low = finite.min() ?? 0, high = finite.max() ?? 1
        if high - low < 1e-9 * max(1, abs(high)) {
            // One value (or none): a unit around it, so that it is drawn and not divided by zero.
            low -= low == 0 && includingZero ? 0 : 1
            high += 1
        }
        let step = Self.roundStep(for: (high - low) / 5)
        self.step = step
        let lower = (low / step).rounded(.down) * step, upper = (high / step).rounded(.up) * step
        self.lower = lower
        self.upper = upper
        let count = Int(((upper - lower) / step).rounded())
        ticks = (0...count).map { lower + Double($0) * step }
    }

    /// "height (m)": the axis's label.
    package var label: String { "\(title) (\(unit))" }

    /// Where `value` lies along the axis, 0 at ``lower`` and 1 at ``upper``.
    package func fraction(_ value: Double) -> Double { (value - lower) / (upper - lower) }

    /// A tick's value as written: as many decimals as the step needs, none for whole steps.
    package func text(_ value: Double) -> String {
        let decimals = step >= 1 ? 0 : Int((-log10(step)).rounded(.up))
        let shown = abs(value) < step * 1e-6 ? 0 : value  // never "-0"
        return String(printf: "%.\(decimals)f", shown)
    }

    /// The round step nearest above `rough`: 1, 2 or 5 times a power of ten.
    static func roundStep(for rough: Double) -> Double {
        guard rough > 0, rough.isFinite else { return 1 }
        let power = pow(10, (log10(rough)).rounded(.down))
        let residual = rough / power
        let factor: Double = residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 5 ? 5 : 10
        return factor * power
    }
}
