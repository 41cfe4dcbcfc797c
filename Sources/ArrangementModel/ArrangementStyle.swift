/// How an arrangement places its two panes (contract §1): `split` divides the
/// space, `overlay` layers the panes or separates them at the fold.
public enum ArrangementStyle: Equatable, Hashable, Sendable {
    case split(AxisSet)
    case overlay(AxisSet)

    /// `automatic` means `split` along both axes.
    public static let automatic = ArrangementStyle.split(.both)

    /// The axes the style permits.
    @inlinable
    public var axes: AxisSet {
        switch self {
        case .split(let axes), .overlay(let axes): axes
        }
    }
}
