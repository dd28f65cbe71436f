import { withSchemas } from '../api-route.ts';
import { EmptyInput } from '../auth.ts';
import * as s from '../daogame.ts';
import { daogameApi as api } from './daogame.ts';

/** The daogame module's calls with their schemas: what the server registers and development builds parse with. */
export const daogameSchemas = {
  home: withSchemas(api.home, EmptyInput, s.DaogameHomeOutput),
  list: withSchemas(api.list, s.DaogameListInput, s.DaogameListOutput),
  rank: withSchemas(api.rank, s.DaogameRankInput, s.DaogameRankOutput),
  detail: withSchemas(api.detail, s.DaogameDetailInput, s.DaogameDetailOutput),
};
