import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { jump } from './jump.ts';

export function useJump(): (target: string) => void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(
    (target: string) => {
      jump((to, options) => navigate(to, options), pathname + search, target);
    },
    [navigate, pathname, search],
  );
}
