// One work-item that keeps the device busy for `steps` steps of a dependent integer chain (no
// compiler can shorten it), so that the calls enqueued behind it find the device held
// (Runtime::back_to_back). Its only store, to a scratch word, keeps the chain alive.
kernel void launch_hold(global uint* sink, const uint steps) {
  uint x = sink[0];
  for (uint i = 0; i < steps; ++i) x = x * 1664525u + 1013904223u;
  if (x == 0x9e3779b9u) sink[1] = x;
}
