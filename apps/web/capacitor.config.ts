import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The Android and iOS shells (docs/native-apps.md). They bundle the built web app (`dist`). POLARIS_APP_URL, when
 * set at `npx cap sync` time, points the shell at the hosted app instead (the API is on that origin): production
 * builds set it; without it the shell shows the bundled copy, whose hot updates come through the live-update plugin.
 */
const hosted = process.env.POLARIS_APP_URL;

const config: CapacitorConfig = {
  appId: 'com.polarisex.app',
  appName: 'Polaris',
  webDir: 'dist',
  server: hosted ? { url: hosted, cleartext: hosted.startsWith('http:') } : { androidScheme: 'https' },
  plugins: {
    CapacitorUpdater: {
      // Hot updates are applied when the app asks (SPEC §4 "Update"), never silently in the background.
      autoUpdate: false,
    },
  },
};

export default config;
