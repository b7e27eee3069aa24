/// A point of a report plot, in the units of its axes (metres and metres, seconds and m/s…).
package struct PlotPoint: Sendable, Hashable {
    package var x: Double
    package var y: Double

    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
