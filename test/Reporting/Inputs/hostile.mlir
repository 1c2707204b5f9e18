// Names from the IR that try to break every view: markup, quotes, commas,
// line breaks. (The file itself is copied to a hostile file name by the test.)
func.func @"<script>alert('fn')</script>,\"q\"\n</td>"(%x: tensor<16xf32>) -> tensor<16xf32> {
  %0 = linalg.add ins(%x, %x : tensor<16xf32>, tensor<16xf32>) outs(%x : tensor<16xf32>) -> tensor<16xf32>
  %1 = "evil.<img src=x onerror=alert(1)>"(%0) : (tensor<16xf32>) -> tensor<16xf32>
  return %1 : tensor<16xf32>
}
