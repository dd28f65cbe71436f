import { withSchemas } from '../api-route.ts';
import { EmptyInput } from '../auth.ts';
import {
  DaogameDetailInput,
  DaogameDetailOutput,
  DaogameHomeOutput,
  DaogameListInput,
  DaogameListOutput,
  DaogameRankInput,
  DaogameRankOutput,
} from '../daogame.ts';
import { daogameApi as api } from './daogame.ts';

/** The daogame module's calls with their schemas: what the server registers and development builds parse with. */
export const daogameSchemas = {
  home: withSchemas(api.home, EmptyInput, DaogameHomeOutput),
  list: withSchemas(api.list, DaogameListInput, DaogameListOutput),
  rank: withSchemas(api.rank, DaogameRankInput, DaogameRankOutput),
  detail: withSchemas(api.detail, DaogameDetailInput, DaogameDetailOutput),
};
