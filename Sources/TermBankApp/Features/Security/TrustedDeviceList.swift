import TermBankCore

/// The trusted devices under the security settings, as a window on the list
/// that scrolls as the statement does: ↑/↓ move the selection one device,
/// PgUp/PgDn a window, Home/End to the first or the last, and the window
/// follows the selection. "↑ 2 more  ↓ 5 more" at the right of the rule
/// above the list says what is out of sight, as the statement's "↑ newer
/// ↓ older" does at the right of its title (the list's title row has the
/// explanation beside it at 80 columns, and no room left).
///
/// One value says where everything goes at a size, so the reducer (which
/// keeps the window's first device, and pages by the window's size) and the
/// view (which draws it) cannot disagree. The view takes the first device
/// the state holds only as a wish: the selection is always on screen, and
/// the window never runs past the last device, whatever the size now is.
///
/// Whether devices take one row or two is read from every device, so the
/// rows do not change as the list scrolls. That measure of devices off
/// screen is taken in the state's language's own catalog (`devicesIn`), not
/// in the one the frame is drawn with (`words`, the same one in the app): a
/// test's catalog records what it is asked for, and expects to find all of
/// it on the frame (`FittingTests`).
struct TrustedDeviceList: Equatable {
    /// The rule between the settings and the list, which carries the markers.
    let ruleRow: Int
    /// The explanation beside the title; else wrapped under it (at 60 columns).
    let explanationBeside: Bool
    let explanationColumn: Int
    /// The first device's row.
    let firstRow: Int
    /// 1, or 2 where a device's last use goes under its expiry (at 60
    /// columns); the same for every device, so the rows line up.
    let rowsPerDevice: Int
    /// Rows the list has, from `firstRow`.
    let rows: Int
    /// Devices the window holds: at least the selected one where the list
    /// has a row at all (a two-line notice may cover its last use).
    let capacity: Int
    let count: Int
    /// The first device on screen.
    let top: Int
    /// The selected device, within the list.
    let selected: Int

    /// Where a device's name ends: names are cut at 20 columns.
    static let nameColumns = 20

    init(_ screen: SecurityScreen, overview: SecurityOverview, body: Rect, words: any AppCatalog,
         devicesIn measuring: any AppCatalog) {
        let columns = body.columns
        let left = SecurityView.left
        let devices = overview.trustedDevices
        let ruleRow = SecurityView.ruleRow(overview, body: body, words: words)
        self.ruleRow = ruleRow
        let count = devices.count
        self.count = count

        let title = Frame.columns(of: words.text(SecurityText.trustedDevices))
        let explanation = words.text(SecurityText.trustedDevicesExplanation)
        let explanationColumn = max(left + 16, left + title + 1)
        self.explanationColumn = explanationColumn
        let beside = explanationColumn + Frame.columns(of: explanation) <= columns - left
        explanationBeside = beside
        let firstRow = ruleRow + 2 + (beside ? 0 : AppView.wrap(explanation, width: columns - 2 * left - 2).count)
        self.firstRow = firstRow
        // Down to the body's last row, or above the notice there.
        let noticeRows = screen.notice.map { SecurityView.noticeLines(words.text($0.message), in: body).count } ?? 0
        let rows = max(0, body.endRow - noticeRows - firstRow)
        self.rows = rows

        let selected = count == 0 ? 0 : min(max(0, screen.selectedDevice), count - 1)
        self.selected = selected
        let untilColumn = left + 2 + Self.nameColumns
        let rowsPerDevice = devices.allSatisfy { device in
            untilColumn + Frame.columns(of: measuring.text(SecurityText.trustedUntil(device.expiresAt)))
                + Frame.columns(of: measuring.text(SecurityText.lastUsedAt(device.lastUsedAt))) <= columns
        } ? 1 : 2
        self.rowsPerDevice = rowsPerDevice
        let capacity = count > 0 && rows > 0 ? max(1, rows / rowsPerDevice) : 0
        self.capacity = capacity
        let shown = max(1, capacity)
        let following = min(max(screen.firstDevice, selected - shown + 1), selected)
        top = max(0, min(following, count - shown))
    }

    /// The devices on screen, by their place in the list.
    var shown: Range<Int> { top..<max(top, min(count, top + capacity)) }
    var moreAbove: Int { shown.lowerBound }
    var moreBelow: Int { count - shown.upperBound }

    /// "↑ 2 more  ↓ 5 more", or either alone, or nothing where the whole list is on screen.
    static func markers(above: Int, below: Int, words: any AppCatalog) -> String {
        var markers: [String] = []
        if above > 0 { markers.append(words.text(SecurityText.moreDevicesAbove(above))) }
        if below > 0 { markers.append(words.text(SecurityText.moreDevicesBelow(below))) }
        return markers.joined(separator: "  ")
    }

    func draw(_ frame: inout Frame, _ screen: SecurityScreen, overview: SecurityOverview, words: any AppCatalog) {
        let left = SecurityView.left
        let columns = frame.size.columns
        frame.horizontalRule(row: ruleRow, columns: left..<(columns - left))
        let markers = Self.markers(above: moreAbove, below: moreBelow, words: words)
        if !markers.isEmpty {
            // At the rule's right end, as a box's title sits on its border: " ↑ 2 more  ↓ 5 more ──".
            frame.put(" " + markers + " ", row: ruleRow, column: columns - left - 2 - Frame.columns(of: markers) - 2,
                      role: .muted)
        }
        frame.put(words.text(SecurityText.trustedDevices), row: ruleRow + 1, column: left, role: .title)
        let explanation = words.text(SecurityText.trustedDevicesExplanation)
        if explanationBeside {
            frame.put(explanation, row: ruleRow + 1, column: explanationColumn, role: .muted)
        } else {
            _ = AppView.putWrapped(&frame, explanation, row: ruleRow + 2, column: left + 2, width: columns - 2 * left - 2,
                                   role: .muted)
        }
        if overview.trustedDevices.isEmpty {
            frame.put(words.text(SecurityText.noTrustedDevices), row: firstRow, column: left + 2, role: .muted)
        }
        var row = firstRow
        for index in shown {
            let device = overview.trustedDevices[index]
            let until = words.text(SecurityText.trustedUntil(device.expiresAt))
            let used = words.text(SecurityText.lastUsedAt(device.lastUsedAt))
            let name = StatementView.padCells(device.deviceName, Self.nameColumns)
            let untilColumn = left + 2 + Self.nameColumns
            let isSelected = index == selected && screen.form == nil
            frame.put(isSelected ? "▸" : " ", row: row, column: left, role: .accent)
            frame.put(name, row: row, column: left + 2, role: isSelected ? .focus : .normal)
            let column = frame.put(until, row: row, column: untilColumn, role: .muted)
            if rowsPerDevice == 1 {
                frame.put(used, row: row, column: column, role: .muted)
            } else if row + 1 < firstRow + rows {
                // The last use goes under the expiry ("último uso: 30 nov 00:53 UTC" at 60 columns).
                frame.put(String(used.drop { $0 == " " }), row: row + 1, column: untilColumn, role: .muted)
            }
            row += rowsPerDevice
        }
    }
}
