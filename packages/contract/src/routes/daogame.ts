import { route } from '../api-route.ts';
import type { EmptyInput } from '../auth.ts';
import type {
  DaogameDetailInput,
  DaogameDetailOutput,
  DaogameHomeOutput,
  DaogameListInput,
  DaogameListOutput,
  DaogameRankInput,
  DaogameRankOutput,
} from '../daogame.ts';

/** The daogame module's calls (apps/server/src/modules/daogame): paths and types only; schemas in daogame.schemas.ts. */
export const daogameApi = {
  home: route<typeof EmptyInput, typeof DaogameHomeOutput>('GET', '/daogame/home'),
  list: route<typeof DaogameListInput, typeof DaogameListOutput>('GET', '/daogame/list'),
  rank: route<typeof DaogameRankInput, typeof DaogameRankOutput>('GET', '/daogame/rank'),
  detail: route<typeof DaogameDetailInput, typeof DaogameDetailOutput>('GET', '/daogame/detail'),
};
