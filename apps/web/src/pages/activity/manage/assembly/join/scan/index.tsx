import { Toast } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CheckinResult, useCheckin, useOverview, useUndoCheckin } from '@/api/activity-manage.ts';
import { Button } from '@/components/Button.tsx';
import { InputField } from '@/components/Field.tsx';
import styles from '@/components/host/host.module.css';
import { ManageShell } from '@/components/host/ManageShell.tsx';
import { useCheckinQueue } from '@/components/host/useCheckinQueue.ts';
import { isApiError } from '@/lib/api-error.ts';
import type { SyncOutcome } from '@/lib/checkin-sync.ts';
import { useSettings } from '@/lib/settings.ts';

/** /pages/activity/manage/assembly/join/scan/index?id= — check tickets in by camera or by typing the code. */
export default function ScanPage() {
  const { t } = useTranslation();
  // Offline the activity cannot load; the scanner needs only its id, and queues what it scans.
  return (
    <ManageShell title={t('checkin.scanTitle')} offline={(id) => <Scanner activityId={id} />}>
      {(activity) => <Scanner activityId={activity.id} />}
    </ManageShell>
  );
}

type Outcome =
  | { kind: 'ok'; result: CheckinResult }
  | { kind: 'already' }
  | { kind: 'notFound' }
  | { kind: 'queued'; fresh: boolean }
  | { kind: 'failed'; message: string };

interface DetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorCtor = new (options: { formats: string[] }) => DetectorLike;

function Scanner({ activityId }: { activityId: string }) {
  const { t } = useTranslation();
  const checkin = useCheckin(activityId);
  const undo = useUndoCheckin(activityId);
  const overview = useOverview(activityId);
  const offline = useCheckinQueue(activityId);
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [last, setLast] = useState<CheckinResult | null>(null);
  const busyRef = useRef(false);
  const lastCodeRef = useRef({ code: '', at: 0 });

  const submit = useCallback(
    async (ticketCode: string) => {
      const value = ticketCode.trim();
      if (!value || busyRef.current) return;
      // The camera sees the same code many times a second; one check-in per code within 3 s.
      if (lastCodeRef.current.code === value && Date.now() - lastCodeRef.current.at < 3000) return;
      lastCodeRef.current = { code: value, at: Date.now() };
      busyRef.current = true;
      const keep = async () => {
        setOutcome({ kind: 'queued', fresh: await offline.queue(value) });
        setCode('');
        navigator.vibrate?.(80);
      };
      try {
        // Without a network the scan waits in the queue; the device cannot tell a valid ticket (docs/app-platform.md).
        if (!navigator.onLine) return await keep();
        const result = await checkin.mutateAsync(value);
        setOutcome({ kind: 'ok', result });
        setLast(result);
        setCode('');
        navigator.vibrate?.(80);
      } catch (error) {
        if (isApiError(error) && (error.kind === 'network' || error.kind === 'timeout')) await keep();
        else if (isApiError(error) && error.status === 409) setOutcome({ kind: 'already' });
        else if (isApiError(error) && (error.status === 404 || error.kind === 'invalid'))
          setOutcome({ kind: 'notFound' });
        else setOutcome({ kind: 'failed', message: isApiError(error) ? error.message : t('checkin.failed') });
      } finally {
        busyRef.current = false;
      }
    },
    [checkin, t, offline.queue],
  );

  const camera = useQrCamera(submit);
  // Once the queue is sent, "saved offline" no longer describes anything; the synced list says what happened.
  useEffect(() => {
    if (offline.pending === 0) setOutcome((current) => (current?.kind === 'queued' ? null : current));
  }, [offline.pending]);

  const undoLast = () => {
    if (!last) return;
    undo.mutate(last.registrationId, {
      onSuccess: () => {
        Toast.show({ content: t('checkin.undone', { name: last.attendee.name }) });
        setLast(null);
        setOutcome(null);
        lastCodeRef.current = { code: '', at: 0 };
      },
      onError: (error) => {
        if (isApiError(error) && error.unreported) Toast.show({ content: error.message });
      },
    });
  };

  return (
    <div className={styles.form} style={{ paddingBottom: 24 }}>
      {overview.data && (
        <p className={styles.hint} data-testid="scan-checked-in" data-value={overview.data.counts.checkedIn}>
          {t('checkin.checkedInCount', {
            n: overview.data.counts.checkedIn,
            total: overview.data.counts.approved,
          })}
        </p>
      )}
      <CameraSection camera={camera} />
      <form
        className={styles.section}
        onSubmit={(event) => {
          event.preventDefault();
          lastCodeRef.current = { code: '', at: 0 };
          void submit(code);
        }}
      >
        <InputField
          id="scan-code"
          label={t('checkin.typeCode')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          placeholder="PLX1.…"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
        />
        <Button variant="primary" type="submit" loading={checkin.isPending} data-testid="scan-submit">
          {t('checkin.checkIn')}
        </Button>
      </form>
      {outcome && <OutcomeView outcome={outcome} />}
      <QueueView pending={offline.pending} online={offline.online} synced={offline.synced} />
      {last && (
        <Button variant="danger" loading={undo.isPending} onClick={undoLast} data-testid="scan-undo">
          {t('checkin.undo', { name: last.attendee.name })}
        </Button>
      )}
    </div>
  );
}

/**
 * The camera reading QR codes: the browser's BarcodeDetector where there is one (a frame every 250 ms), else the
 * zxing reader loaded on demand; each code read goes to `submit`. Stopped when the page goes.
 */
function useQrCamera(submit: (code: string) => Promise<void>) {
  const [state, setState] = useState<'off' | 'starting' | 'on' | 'failed'>('off');
  const videoRef = useRef<HTMLVideoElement>(null);
  const stopRef = useRef<() => void>(() => undefined);
  useEffect(() => () => stopRef.current(), []);

  const start = async () => {
    setState('starting');
    const video = videoRef.current;
    try {
      if (!video || !navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
      const Detector = (globalThis as { BarcodeDetector?: DetectorCtor }).BarcodeDetector;
      if (Detector) {
        const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        video.srcObject = stream;
        await video.play();
        const detector = new Detector({ formats: ['qr_code'] });
        let running = true;
        const loop = async () => {
          if (!running) return;
          try {
            const found = await detector.detect(video);
            if (found[0]?.rawValue) await submit(found[0].rawValue);
          } catch {
            // a frame that could not be read; try the next one
          }
          if (running) setTimeout(() => void loop(), 250);
        };
        void loop();
        stopRef.current = () => {
          running = false;
          for (const track of stream.getTracks()) track.stop();
          video.srcObject = null;
        };
      } else {
        const { BrowserQRCodeReader } = await import('@zxing/browser');
        const reader = new BrowserQRCodeReader();
        const controls = await reader.decodeFromVideoDevice(undefined, video, (result) => {
          if (result) void submit(result.getText());
        });
        stopRef.current = () => controls.stop();
      }
      setState('on');
    } catch {
      stopRef.current();
      setState('failed');
    }
  };

  const stop = () => {
    stopRef.current();
    stopRef.current = () => undefined;
    setState('off');
  };

  return { state, videoRef, start, stop };
}

function CameraSection({ camera }: { camera: ReturnType<typeof useQrCamera> }) {
  const { t } = useTranslation();
  return (
    <section className={styles.section}>
      <video
        ref={camera.videoRef}
        className={styles.video}
        muted
        playsInline
        hidden={camera.state !== 'on' && camera.state !== 'starting'}
        data-testid="scan-video"
      />
      {camera.state === 'failed' && (
        <p className={styles.error} role="alert" data-testid="scan-camera-failed">
          {t('checkin.cameraFailed')}
        </p>
      )}
      {camera.state === 'on' || camera.state === 'starting' ? (
        <Button onClick={camera.stop} data-testid="scan-camera-stop">
          {t('checkin.stopCamera')}
        </Button>
      ) : (
        <Button variant="primary" onClick={() => void camera.start()} data-testid="scan-camera-start">
          {t('checkin.startCamera')}
        </Button>
      )}
    </section>
  );
}

function OutcomeView({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  const tone =
    outcome.kind === 'ok'
      ? styles.ok
      : outcome.kind === 'already' || outcome.kind === 'queued'
        ? styles.warn
        : styles.bad;
  const text =
    outcome.kind === 'ok'
      ? t('checkin.ok', { name: outcome.result.attendee.name, ticket: outcome.result.ticketType })
      : outcome.kind === 'already'
        ? t('checkin.already')
        : outcome.kind === 'notFound'
          ? t('checkin.notFound')
          : outcome.kind === 'queued'
            ? t(outcome.fresh ? 'offline.queued' : 'offline.alreadyQueued')
            : outcome.message;
  return (
    <div className={`${styles.result} ${tone}`} role="status" data-testid="scan-result" data-kind={outcome.kind}>
      {text}
    </div>
  );
}

function QueueView({ pending, online, synced }: { pending: number; online: boolean; synced: SyncOutcome[] }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const clock = (iso: string) =>
    new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  if (pending === 0 && synced.length === 0 && online) return null;
  return (
    <section className={styles.section} data-testid="scan-queue" data-pending={pending}>
      {!online && (
        <p className={styles.hint} role="status" data-testid="scan-offline">
          {t('offline.scanOffline')}
        </p>
      )}
      {pending > 0 && (
        <p className={styles.hint} data-testid="scan-pending">
          {t(online ? 'offline.syncing' : 'offline.pending', { count: pending })}
        </p>
      )}
      {synced.length > 0 && (
        <ul className={styles.hint} data-testid="scan-synced" style={{ margin: 0, paddingLeft: 18 }}>
          {synced.map((outcome) => (
            <li key={outcome.scan.id} data-testid="scan-synced-item" data-kind={outcome.kind}>
              {outcome.kind === 'ok'
                ? t('offline.synced', { name: outcome.result.attendee.name, time: clock(outcome.scan.scannedAt) })
                : t('offline.syncRefused', { message: outcome.message, time: clock(outcome.scan.scannedAt) })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
