// The ID3v2 frame ids this reader uses, as big-endian integers of their ASCII letters (so the hot loop never
// builds strings), and the ID3v2.2 three-letter aliases of each. What the frames mean is in
// ID3v2FrameCollector and ID3v2FrameCollector+TagSet.

/// Frame ids as the big-endian integer of their four ASCII letters.
enum FrameID {
  static let TIT1: UInt32 = 0x5449_5431
  static let TIT2: UInt32 = 0x5449_5432
  static let TIT3: UInt32 = 0x5449_5433
  static let TPE1: UInt32 = 0x5450_4531
  static let TPE2: UInt32 = 0x5450_4532
  static let TPE3: UInt32 = 0x5450_4533
  static let TALB: UInt32 = 0x5441_4C42
  static let TRCK: UInt32 = 0x5452_434B
  static let TPOS: UInt32 = 0x5450_4F53
  static let TYER: UInt32 = 0x5459_4552
  static let TDAT: UInt32 = 0x5444_4154
  static let TDRC: UInt32 = 0x5444_5243
  static let TDRL: UInt32 = 0x5444_524C
  static let TDOR: UInt32 = 0x5444_4F52
  static let TORY: UInt32 = 0x544F_5259
  static let TCON: UInt32 = 0x5443_4F4E
  static let TCMP: UInt32 = 0x5443_4D50
  static let TCOM: UInt32 = 0x5443_4F4D
  static let TEXT: UInt32 = 0x5445_5854
  static let TSOT: UInt32 = 0x5453_4F54
  static let TSOP: UInt32 = 0x5453_4F50
  static let TSOA: UInt32 = 0x5453_4F41
  static let TSO2: UInt32 = 0x5453_4F32
  static let TSOC: UInt32 = 0x5453_4F43
  static let XSOT: UInt32 = 0x5853_4F54
  static let XSOP: UInt32 = 0x5853_4F50
  static let XSOA: UInt32 = 0x5853_4F41
  static let TSST: UInt32 = 0x5453_5354
  static let MVNM: UInt32 = 0x4D56_4E4D
  static let MVIN: UInt32 = 0x4D56_494E
  static let GRP1: UInt32 = 0x4752_5031
  static let TPUB: UInt32 = 0x5450_5542
  static let TSRC: UInt32 = 0x5453_5243
  static let TBPM: UInt32 = 0x5442_504D
  static let TMCL: UInt32 = 0x544D_434C
  static let TIPL: UInt32 = 0x5449_504C
  static let IPLS: UInt32 = 0x4950_4C53
  static let COMM: UInt32 = 0x434F_4D4D
  static let USLT: UInt32 = 0x5553_4C54
  static let SYLT: UInt32 = 0x5359_4C54
  static let UFID: UInt32 = 0x5546_4944
  static let TXXX: UInt32 = 0x5458_5858
  static let RVA2: UInt32 = 0x5256_4132
  static let APIC: UInt32 = 0x4150_4943
  /// ID3v2.2's picture frame keeps its own id: its layout differs from APIC's (a 3-letter image format).
  static let PIC: UInt32 = 0x50_4943

  /// The ID3v2.3 id of an ID3v2.2 three-letter id this reader uses, or 0 for the ones it ignores.
  /// iTunes wrote its own v2.2 ids (TCP, TS2, TSA, TST, TSP, TSC, MVN, MVI, GP1); mutagen reads them too.
  static func fromV22(_ id: UInt32) -> UInt32 {
    switch id {
    case 0x54_5431: return TIT1  // TT1
    case 0x54_5432: return TIT2  // TT2
    case 0x54_5433: return TIT3  // TT3
    case 0x54_5031: return TPE1  // TP1
    case 0x54_5032: return TPE2  // TP2
    case 0x54_5033: return TPE3  // TP3
    case 0x54_414C: return TALB  // TAL
    case 0x54_524B: return TRCK  // TRK
    case 0x54_5041: return TPOS  // TPA
    case 0x54_5945: return TYER  // TYE
    case 0x54_4441: return TDAT  // TDA
    case 0x54_4F52: return TORY  // TOR
    case 0x54_434F: return TCON  // TCO
    case 0x54_4350: return TCMP  // TCP
    case 0x54_434D: return TCOM  // TCM
    case 0x54_5854: return TEXT  // TXT
    case 0x54_5354: return TSOT  // TST
    case 0x54_5350: return TSOP  // TSP
    case 0x54_5341: return TSOA  // TSA
    case 0x54_5332: return TSO2  // TS2
    case 0x54_5343: return TSOC  // TSC
    case 0x4D_564E: return MVNM  // MVN
    case 0x4D_5649: return MVIN  // MVI
    case 0x47_5031: return GRP1  // GP1
    case 0x54_5042: return TPUB  // TPB
    case 0x54_5243: return TSRC  // TRC
    case 0x54_4250: return TBPM  // TBP
    case 0x49_504C: return IPLS  // IPL
    case 0x43_4F4D: return COMM  // COM
    case 0x55_4C54: return USLT  // ULT
    case 0x53_4C54: return SYLT  // SLT
    case 0x55_4649: return UFID  // UFI
    case 0x54_5858: return TXXX  // TXX
    case PIC: return PIC
    default: return 0
    }
  }

  /// True for the ids whose content this reader uses; every other frame is skipped by its size.
  static func isWanted(_ id: UInt32) -> Bool {
    switch id {
    case TIT1, TIT2, TIT3, TPE1, TPE2, TPE3, TALB, TRCK, TPOS, TYER, TDAT, TDRC, TDRL, TDOR, TORY, TCON, TCMP, TCOM, TEXT, TSOT,
      TSOP, TSOA, TSO2, TSOC, XSOT, XSOP, XSOA, TSST, MVNM, MVIN, GRP1, TPUB, TSRC, TBPM, TMCL, TIPL, IPLS, COMM, USLT, UFID,
      TXXX, RVA2, SYLT:
      return true
    default: return false
    }
  }

  static func isPicture(_ id: UInt32) -> Bool { id == APIC || id == PIC }

  /// The id as text, for warnings only.
  static func name(_ id: UInt32, width: Int) -> String {
    var bytes: [UInt8] = []
    for k in stride(from: width - 1, through: 0, by: -1) {
      let b = UInt8(truncatingIfNeeded: id >> (8 * UInt32(k)))
      bytes.append(b >= 0x20 && b < 0x7F ? b : 0x3F)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
