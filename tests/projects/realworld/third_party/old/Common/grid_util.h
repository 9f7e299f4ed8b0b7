// An older copy farther from the samples: the nearer Common/ must win.
#error "third_party/old/Common/grid_util.h is not the nearest copy"
