// Names from the IR that try to break every view: markup, quotes, commas,
// line breaks. (The file itself is copied to a hostile file name by the test.)
func.func @"<script>alert('fn')</script>,\"q\"\n</td>"(%x: tensor<16xf32>) -> tensor<16xf32> {
  %0 = linalg.add ins(%x, %x : tensor<16xf32>, tensor<16xf32>) outs(%x : tensor<16xf32>) -> tensor<16xf32>
  %1 = "evil.<img src=x onerror=alert(1)>"(%0) : (tensor<16xf32>) -> tensor<16xf32>
  return %1 : tensor<16xf32>
}

// A spreadsheet formula, a terminal escape (ESC [2J clears the screen), the
// C1 control CSI (U+009B) and a byte that is not UTF-8.
func.func @"=HYPERLINK(\22x\22)\1B[2J\C2\9B\FF"(%x: tensor<16xf32>) -> tensor<16xf32> {
  %0 = linalg.mul ins(%x, %x : tensor<16xf32>, tensor<16xf32>) outs(%x : tensor<16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// A location from anywhere: the Unicode non-characters U+FFFE and U+FFFF (no
// XML character) and a terminal escape with the C1 CSI in its file name. The
// two ops fuse: mlsysim-fuse's remark is at the second.
func.func @located(%x: tensor<4096xf32>) -> tensor<4096xf32> {
  %0 = linalg.exp ins(%x : tensor<4096xf32>) outs(%x : tensor<4096xf32>) -> tensor<4096xf32>
  %1 = linalg.add ins(%0, %x : tensor<4096xf32>, tensor<4096xf32>) outs(%x : tensor<4096xf32>) -> tensor<4096xf32> loc("\EF\BF\BE\1B[2J\C2\9B\EF\BF\BF.mlir":3:4)
  return %1 : tensor<4096xf32>
}
