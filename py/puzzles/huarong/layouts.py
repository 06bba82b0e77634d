"""Classic Huarong Road layouts (5 rows × 4 columns), with names in Chinese and English.

Each layout is drawn as a picture (see :func:`puzzles.huarong.from_picture`):
``C`` 曹操 (2 × 2), ``h``/``v`` a horizontal/vertical two-cell general, ``s`` a
soldier, ``.`` empty. ``published`` is the fewest steps in the piece metric as
published by the Chinese Klotski community (the paper in the course's seeds
gives the same for its six layouts); ``None`` where the layout has no
solution. The counts our solver finds, in both metrics, are pinned in the
tests and shown as "par" in the app.
"""

from puzzles.huarong import Board, from_picture

# (Chinese name, English name, picture, published piece-metric optimum,
#  our solver's optimum in the cell metric, in the piece metric: the "par")
_TABLE = (
    ("横刀立马", "Across the Blade, Astride the Horse", "vCCv/vCCv/vhhv/vssv/s..s", 81, 116, 81),
    ("指挥若定", "Commanding with Calm", "vCCv/vCCv/shhs/vssv/v..v", 70, 100, 70),
    ("将拥曹营", "Generals Crowd Cao's Camp", ".CC./vCCv/vvvv/svvs/hhss", 72, 101, 72),
    ("齐头并进", "Marching Abreast", "vCCv/vCCv/ssss/vhhv/v..v", 60, 85, 60),
    ("兵分三路", "Three-Pronged Attack", "sCCs/vCCv/vhhv/vssv/v..v", 72, 92, 72),
    ("雨声淅沥", "Patter of Rain", "vCCs/vCCs/vhhv/vv.v/sv.s", 47, 60, 47),
    ("左右布兵", "Soldiers Left and Right", "sCCs/sCCs/vvvv/vvvv/.hh.", 54, 78, 54),
    ("桃花园中", "In the Peach Garden", "sCCs/vCCv/vvvv/svvs/.hh.", 70, 100, 70),
    ("一路进军", "Advance in Single File", "vCCs/vCCs/vvvs/vvvs/.hh.", 58, 81, 58),
    ("一路顺风", "Fair Wind All the Way", "vCCs/vCCs/vhhv/vsvv/.sv.", 39, 49, 39),
    ("围而不歼", "Surround but Spare", "vCCs/vCCs/vhhs/vvvs/.vv.", 62, 80, 62),
    ("捷足先登", "The Swift Arrive First", "sCCs/sCCs/.hh./vvvv/vvvv", 32, 47, 32),
    ("插翅难飞", "No Escape Even on Wings", "vCCs/vCCs/hhss/vhhv/v..v", 62, 77, 62),
    ("守口如瓶", "Tight-Lipped", "vCCv/vCCv/sv.s/sv.s/hhhh", 81, 103, 81),
    ("守口如瓶二", "Tight-Lipped II", "sCCs/vCCv/vv.v/sv.s/hhhh", 99, 131, 99),
    ("双将挡路", "Two Generals Block the Way", "vCCs/vCCs/vhhv/vhhv/s..s", 73, 92, 73),
    ("横马当关", "Horse Across the Pass", "vCCv/vCCv/hhhh/sv.s/sv.s", 83, 110, 83),
    ("层层设防", "Defence in Depth", "vCCv/vCCv/shhs/shhs/.hh.", 102, 138, 102),
    ("层层设防二", "Defence in Depth II", "sCCs/vCCv/vhhv/shhs/.hh.", 120, 158, 120),
    ("兵挡将阻", "Soldiers Block, Generals Bar", "sCCv/sCCv/vhhs/vhhs/.hh.", 87, 118, 87),
    ("堵塞要道", "Choke Point", "sCCs/sCCs/vvhh/vvhh/.hh.", 40, 53, 40),
    ("小燕出巢", "Swallow Leaves the Nest", "vCCv/vCCv/hhhh/shhs/s..s", 103, 134, 103),
    ("层峦叠嶂", "Range upon Range", "vCCv/vCCv/shhs/hhhh/s..s", 98, 135, 98),
    ("水泄不通", "Not a Drop Gets Through", "vCCs/vCCs/hhhh/hhhh/s..s", 79, 114, 79),
    ("四路进兵", "Four-Way Advance", "sCCs/sCCs/v.hh/v.hh/hhhh", 77, 109, 77),
    ("入地无门", "No Way Underground", "vCCs/vCCs/shhs/hhhh/.hh.", 87, 124, 87),
    ("勇闯五关", "Bravely Through Five Passes", "sCCs/sCCs/hhhh/hhhh/.hh.", 34, 46, 34),
    ("一横最难", "Hardest with One Bar", "vCCs/vCCv/hhvv/vsvs/v..s", 84, 116, 84),
    ("二横最难", "Hardest with Two Bars", "sCCv/sCCv/hhvv/ssvv/.hh.", 103, 140, 103),
    ("二横最易", "Easiest with Two Bars", "sCCv/sCCv/vvhh/vvss/.hh.", 56, 70, 56),
    ("四横最易", "Easiest with Four Bars", "sCCs/vCCs/vshh/hhhh/.hh.", 69, 96, 69),
    ("乱石崩云", "Rocks Pierce the Clouds", "sCCv/vCCv/vvhh/svsv/s..v", 84, 116, 84),
    ("背水列阵", "Back to the River", "vhhv/vssv/.CC./sCCs/hhhh", 54, 75, 54),
    ("四面楚歌", "Besieged on All Sides", "vssv/vCCv/sCCv/vhhv/v..s", 56, 73, 56),
    ("前呼后拥", "Escorted Front and Back", "ssCC/hhCC/hhhh/hhhh/..ss", 22, 31, 22),
    ("兵临曹营", "Soldiers at Cao's Camp", "sCCs/sCCs/vhhv/vvvv/.vv.", 34, 49, 34),
    ("五将逼宫", "Five Generals Storm the Palace", "hhhh/vCCv/vCCv/shhs/s..s", 36, 49, 36),
    ("云遮雾障", "Cloud and Fog", "vCCv/vCCv/vhhs/vhhs/s..s", 81, 104, 81),
    ("三军联防", "Joint Defence", "CCvv/CCvv/hhhh/shhs/s..s", 65, 89, 65),
    ("前挡后阻", "Blocked Before and Behind", "CChh/CCvs/vvvs/vvss/.hh.", 42, 53, 42),
    ("近在咫尺", "So Near", "svvv/svvv/hhss/hhCC/..CC", 98, 124, 98),
    ("走投无路", "Dead End", "vCCv/vCCv/vvsv/vvsv/s..s", None, None, None),
    ("比翼横空", "Wing to Wing", "hhCC/hhCC/hhhh/s.sv/s.sv", 28, 39, 28),
    ("夹道藏兵", "Ambush in the Lane", "CCsv/CCsv/hhhh/hhhh/s..s", 75, 107, 75),
    ("屯兵东路", "Troops on the East Road", "CCvv/CCvv/hhss/vvss/vv..", 71, 102, 71),
    ("四将连关", "Four Generals Hold the Pass", "CChh/CChh/vvhh/vvss/s..s", 39, 55, 39),
    ("峰回路转", "The Winding Path", "sssv/CCvv/CCvv/.hhv/.shh", 138, 179, 138),
    ("井底之蛙", "Frog in the Well", "shhs/vCCv/vCCv/shhs/.hh.", 68, 88, 68),
    ("似远实近", "Closer than It Looks", "CChh/CChh/..ss/vvsv/vvsv", 15, 24, 15),
    ("小兵探路", "Soldier Scouts Ahead", "CCsv/CC.v/.vhh/svhh/sshh", 135, 177, 135),
    ("前后夹攻", "Pincer Attack", ".vsv/sv.v/vsCC/vsCC/hhhh", 112, 141, 112),
    ("欲罢不能", "Cannot Stop Now", ".CCv/sCCv/vhhv/vv.v/svss", 93, 126, 93),
)

# The course's own ids for its board (seed 000): they differ from what
# from_picture assigns only in naming, and the course's gameHandler ids rule.
COURSE_BOARD = [[3, 1, 1, 4], [3, 1, 1, 4], [5, 2, 2, 6], [5, 7, 8, 6], [9, 0, 0, 10]]

# The six layouts of the paper's table (seed 003), by our names.
PAPER_SIX = ("勇闯五关", "水泄不通", "横刀立马", "小燕出巢", "近在咫尺", "走投无路")


class Layout:
    """A named classic layout. Its :attr:`board` is made from its picture the first time it is asked for:
    the page's first screen lists every layout's name and par but opens one board (making all 52 at
    import took 15-50 ms of MicroPython's start)."""

    __slots__ = ("index", "zh", "en", "picture", "published", "par", "_board")

    def __init__(
        self,
        index: int,
        zh: str,
        en: str,
        picture: str,
        published: "int | None",
        cell: "int | None",
        piece: "int | None",
    ) -> None:
        self.index = index
        self.zh = zh
        self.en = en
        self.picture = picture
        self.published = published
        self.par = {"cell": cell, "piece": piece}
        self._board = None

    @property
    def board(self) -> Board:
        if self._board is None:
            self._board = Board.from_grid(COURSE_BOARD) if self.zh == "横刀立马" else from_picture(self.picture)
        return self._board

    def __repr__(self) -> str:
        return "Layout(%r, %r)" % (self.zh, self.en)


LAYOUTS = tuple(Layout(i, *row) for i, row in enumerate(_TABLE))
_BY_NAME = {}
for _lay in LAYOUTS:
    _BY_NAME[_lay.zh] = _lay
    _BY_NAME[_lay.en.lower()] = _lay


# A piece's letter in a picture, by its (height, width) (see puzzles.huarong.from_picture).
_LETTERS = {(2, 2): "C", (1, 2): "h", (2, 1): "v", (1, 1): "s"}


def picture_of(board: Board) -> "str | None":
    """``board``'s picture (the form of :attr:`Layout.picture`), or ``None`` when a piece has a shape
    no picture draws. Equal boards have equal pictures, so a layout whose picture differs is not the
    board: the layout of a board is looked up by comparing a text, not by making every layout's board."""
    cells = ["."] * (board.rows * board.cols)
    for p in board.pieces().values():
        letter = _LETTERS.get((p.height, p.width))
        if letter is None:
            return None
        for r in range(p.row, p.row + p.height):
            for c in range(p.col, p.col + p.width):
                cells[r * board.cols + c] = letter
    cols = board.cols
    return "/".join("".join(cells[r * cols : (r + 1) * cols]) for r in range(board.rows))


def layout_of(board: Board) -> "Layout | None":
    """The classic layout that ``board`` is (the same pieces, ids included), or ``None``."""
    picture = picture_of(board)
    for lay in LAYOUTS:
        if lay.picture == picture and lay.board == board:
            return lay
    return None


def find_layout(name: str) -> "Layout | None":
    """A layout by its Chinese or English name (any case), or ``None``."""
    return _BY_NAME.get(name) or _BY_NAME.get(name.strip().lower())
