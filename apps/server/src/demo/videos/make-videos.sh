#!/bin/sh
# Makes the demo training videos in this folder: 5 s, 320x180, 10 fps, H.264 (baseline,
# faststart so playback starts before the whole file is read), no sound, about 30 KB
# each. Run once by hand (needs ffmpeg: apt-get install ffmpeg); the files are committed
# and the demo never runs this. Usage: sh make-videos.sh
set -eu
cd "$(dirname "$0")"
BOLD=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
REGULAR=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf

# make <file> <band colour> <title> <subtitle>
make() {
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i "testsrc2=s=320x180:r=10:d=5" \
    -vf "drawbox=x=0:y=52:w=iw:h=76:color=$2@0.9:t=fill,\
drawtext=fontfile=$BOLD:text='$3':fontcolor=white:fontsize=17:x=(w-tw)/2:y=64,\
drawtext=fontfile=$REGULAR:text='$4':fontcolor=white:fontsize=12:x=(w-tw)/2:y=94" \
    -c:v libx264 -preset slow -crf 36 -pix_fmt yuv420p -profile:v baseline -movflags +faststart -an \
    -metadata title="$3 - $4" "$1"
}

make welcome-1.mp4 0x1f6f43 'Welcome to Brigade' 'Part 1 of 2 - Who we are'
make welcome-2.mp4 0x1f6f43 'Welcome to Brigade' 'Part 2 of 2 - How a shift runs'
make food-handling-1.mp4 0x1c4e80 'Safe Food Handling' 'Part 1 of 3 - Chilled and frozen storage'
make food-handling-2.mp4 0x1c4e80 'Safe Food Handling' 'Part 2 of 3 - Core temperatures'
make food-handling-3.mp4 0x1c4e80 'Safe Food Handling' 'Part 3 of 3 - Holding times'
make grill-1.mp4 0x9c2f1f 'Grill Station Basics' 'Part 1 of 2 - Setting up the flat-top'
make grill-2.mp4 0x9c2f1f 'Grill Station Basics' 'Part 2 of 2 - Keeping tickets moving'
make handwashing-1.mp4 0x5b2a86 'Handwashing and Hygiene' 'Part 1 of 1 - Washing your hands'
make guest-service-1.mp4 0x8a5a00 'Guest Service' 'Part 1 of 2 - Greeting guests'
make guest-service-2.mp4 0x8a5a00 'Guest Service' 'Part 2 of 2 - Putting things right'
