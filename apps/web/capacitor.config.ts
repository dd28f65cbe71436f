import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The Android and iOS shells (docs/native-apps.md). They bundle the native copy of the web app (`dist-native`, made
 * by `npm run build:native`), which calls the server named by POLARIS_API_ORIGIN and is what hot updates replace.
 * POLARIS_APP_URL, when set at `npx cap sync` time, makes a shell open the hosted app at that URL instead.
 */
const hosted = process.env.POLARIS_APP_URL;

const config: CapacitorConfig = {
  appId: 'com.polarisex.app',
  appName: 'Polaris',
  webDir: 'dist-native',
  server: hosted ? { url: hosted, cleartext: hosted.startsWith('http:') } : { androidScheme: 'https' },
  plugins: {
    CapacitorUpdater: {
      // Hot updates are applied when the app asks (SPEC §4 "Update"), never silently in the background.
      autoUpdate: false,
    },
  },
};

export default config;
