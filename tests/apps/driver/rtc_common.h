// A header of the program's own, beside its kernel file: NVRTC finds it in
// the working folder (tests/apps/driver.sh runs the program from here).
#pragma once
#define RTC_OFFSET 1000
