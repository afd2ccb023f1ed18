// Column and pane widths from 40 to 300 cells, and the list cursor.
import Testing

@testable import TunesUI

@Suite struct LayoutTests {
  @Test func columnsFillTheWidthExactly() {
    for width in [40, 41, 80, 200, 300] {
      let layout = ColumnLayout.split(width: width, shares: [3, 4, 3], fixed: 6)
      let shown = layout.widths.dropLast().filter { $0 > 0 }.count
      #expect(layout.widths.reduce(0, +) + shown == width, "width \(width): \(layout.widths)")
      #expect(layout.widths.last == 6)
    }
  }

  @Test func narrowColumnsAreDroppedNotSqueezed() {
    let layout = ColumnLayout.split(width: 30, shares: [3, 4, 3], fixed: 6)
    #expect(layout.widths[2] == 0)
    #expect(layout.widths.dropLast().allSatisfy { $0 == 0 || $0 >= 8 })
  }

  @Test func panesShareTheWidthWithRules() {
    for width in [40, 77, 300] {
      let panes = PaneLayout.split(width: width, panes: 3)
      #expect(panes.map(\.width).reduce(0, +) + 2 == width)
      #expect(panes[2].start + panes[2].width == width)
    }
  }

  @Test func cursorStaysVisibleAndInside() {
    var cursor = ListCursor()
    cursor.move(by: 25, count: 100, height: 10)
    #expect(cursor.selected == 25)
    #expect(cursor.top == 16)
    cursor.move(by: 1000, count: 100, height: 10)
    #expect(cursor.selected == 99 && cursor.top == 90)
    cursor.clamp(count: 5, height: 10)
    #expect(cursor.selected == 4 && cursor.top == 0)
    #expect(cursor.visible(count: 5, height: 10) == 0..<5)
  }
}
