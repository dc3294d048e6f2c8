// The table's sounds, made by WebAudio (nothing fetched): a soft swish for each card dealt, a tap
// for a card played, a two-note chime for a capture, a rising run for a Sur, a bell for your turn.
// Browsers start audio only after a tap or a key, so the first one of the page unlocks it; the
// mute preference (prefs.js) is remembered.

import { loadPrefs, setPref } from './prefs.js';

let audio = null;

/** Make the audio context on the page's first tap or key (a browser allows it only then). */
export function armSound() {
  const unlock = () => {
    try {
      audio ??= new AudioContext();
      audio.resume?.();
    } catch {
      audio = null; // no audio in this browser: silence is fine
    }
  };
  window.addEventListener('pointerdown', unlock, { once: true, capture: true });
  window.addEventListener('keydown', unlock, { once: true, capture: true });
}

export function soundOn() {
  return loadPrefs().sound === 'on';
}

export function setSoundOn(on) {
  setPref('sound', on ? 'on' : 'off');
}

function tone(at, { frequency, type = 'sine', length = 0.12, volume = 0.08, slide = null }) {
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = type;
  oscillator.frequency.setValueAtTime(frequency, at);
  if (slide) oscillator.frequency.exponentialRampToValueAtTime(slide, at + length);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(volume, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(at);
  oscillator.stop(at + length + 0.02);
}

/** A short burst of filtered noise: a card sliding on cloth. */
function swish(at, { length = 0.07, volume = 0.06, pitch = 2400 } = {}) {
  const samples = Math.ceil(audio.sampleRate * length);
  const buffer = audio.createBuffer(1, samples, audio.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < samples; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / samples);
  const source = audio.createBufferSource();
  const filter = audio.createBiquadFilter();
  const gain = audio.createGain();
  source.buffer = buffer;
  filter.type = 'bandpass';
  filter.frequency.value = pitch;
  gain.gain.value = volume;
  source.connect(filter).connect(gain).connect(audio.destination);
  source.start(at);
}

const SOUNDS = {
  deal: (at) => swish(at, { length: 0.06, volume: 0.05 }),
  play: (at) => {
    swish(at, { length: 0.05, volume: 0.07, pitch: 1500 });
    tone(at, { frequency: 180, type: 'triangle', length: 0.06, volume: 0.06 });
  },
  capture: (at) => {
    tone(at, { frequency: 660, length: 0.12 });
    tone(at + 0.09, { frequency: 880, length: 0.16 });
  },
  sur: (at) => {
    [523, 659, 784, 1047].forEach((frequency, step) =>
      tone(at + step * 0.08, { frequency, type: 'triangle', length: 0.22, volume: 0.09 }),
    );
  },
  turn: (at) => tone(at, { frequency: 988, type: 'sine', length: 0.25, volume: 0.05, slide: 880 }),
};

/** Play one of the sounds (deal, play, capture, sur, turn) unless muted or not yet unlocked. */
export function playSound(name) {
  if (!audio || !soundOn() || audio.state !== 'running') return;
  try {
    SOUNDS[name]?.(audio.currentTime + 0.01);
  } catch {
    // a browser that refuses one node: no sound this time
  }
}
