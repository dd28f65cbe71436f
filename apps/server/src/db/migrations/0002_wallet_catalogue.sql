-- The catalogue of chains, assets and what each chain allows (SPEC §3). Edit rows to change switches and fees without a deploy.
INSERT INTO chains (id, symbol, name, family, waiting, sort) VALUES (201, 'BSC', 'BNB Smart Chain', 'evm', false, 1);--> statement-breakpoint
INSERT INTO chains (id, symbol, name, family, waiting, sort) VALUES (311, 'AVAX', 'Avalanche C-Chain', 'evm', false, 2);--> statement-breakpoint
INSERT INTO chains (id, symbol, name, family, waiting, sort) VALUES (3, 'ETH', 'Ethereum', 'evm', false, 3);--> statement-breakpoint
INSERT INTO chains (id, symbol, name, family, waiting, sort) VALUES (314, 'Polygon', 'Polygon PoS', 'evm', false, 4);--> statement-breakpoint
INSERT INTO chains (id, symbol, name, family, waiting, sort) VALUES (320, 'Solana', 'Solana', 'solana', false, 5);--> statement-breakpoint
INSERT INTO chains (id, symbol, name, family, waiting, sort) VALUES (322, 'Ton', 'TON', 'ton', false, 6);--> statement-breakpoint
INSERT INTO chains (id, symbol, name, family, waiting, sort) VALUES (1, 'BTC', 'Bitcoin', 'btc', true, 7);--> statement-breakpoint
INSERT INTO assets (code, name, decimals, single_address, sort) VALUES ('USDT', 'Tether USD', 6, false, 1);--> statement-breakpoint
INSERT INTO assets (code, name, decimals, single_address, sort) VALUES ('XDR', 'XDR', 8, true, 2);--> statement-breakpoint
INSERT INTO assets (code, name, decimals, single_address, sort) VALUES ('BTC', 'Bitcoin', 8, false, 3);--> statement-breakpoint
INSERT INTO assets (code, name, decimals, single_address, sort) VALUES ('ETH', 'Ether', 18, false, 4);--> statement-breakpoint
INSERT INTO assets (code, name, decimals, single_address, sort) VALUES ('BNB', 'BNB', 18, false, 5);--> statement-breakpoint
INSERT INTO assets (code, name, decimals, single_address, sort) VALUES ('AVAX', 'Avalanche', 18, false, 6);--> statement-breakpoint
INSERT INTO assets (code, name, decimals, single_address, sort) VALUES ('POL', 'Polygon', 18, false, 7);--> statement-breakpoint
INSERT INTO assets (code, name, decimals, single_address, sort) VALUES ('SOL', 'Solana', 9, false, 8);--> statement-breakpoint
INSERT INTO assets (code, name, decimals, single_address, sort) VALUES ('TON', 'Toncoin', 9, false, 9);--> statement-breakpoint
INSERT INTO asset_networks (asset_code, chain_id, contract, withdraw_fee, withdraw_min, withdraw_max, confirmations, red_packet_enabled) VALUES ('USDT', 201, '0x55d398326f99059fF775485246999027B3197955', 300000, 10000000, 100000000000, 15, true);--> statement-breakpoint
INSERT INTO asset_networks (asset_code, chain_id, contract, withdraw_fee, withdraw_min, withdraw_max, confirmations, red_packet_enabled) VALUES ('USDT', 311, '0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7', 500000, 10000000, 100000000000, 12, true);--> statement-breakpoint
INSERT INTO asset_networks (asset_code, chain_id, contract, withdraw_fee, withdraw_min, withdraw_max, confirmations, red_packet_enabled) VALUES ('USDT', 3, '0xdAC17F958D2ee523a2206206994597C13D831ec7', 3000000, 20000000, 100000000000, 12, true);--> statement-breakpoint
INSERT INTO asset_networks (asset_code, chain_id, contract, withdraw_fee, withdraw_min, withdraw_max, confirmations, red_packet_enabled) VALUES ('USDT', 314, '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 500000, 10000000, 100000000000, 128, true);--> statement-breakpoint
INSERT INTO asset_networks (asset_code, chain_id, contract, withdraw_fee, withdraw_min, withdraw_max, confirmations, red_packet_enabled) VALUES ('USDT', 320, 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 1000000, 10000000, 100000000000, 32, true);--> statement-breakpoint
INSERT INTO asset_networks (asset_code, chain_id, contract, withdraw_fee, withdraw_min, withdraw_max, confirmations, red_packet_enabled) VALUES ('USDT', 322, 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs', 500000, 10000000, 100000000000, 1, true);--> statement-breakpoint
INSERT INTO asset_networks (asset_code, chain_id, contract, withdraw_fee, withdraw_min, withdraw_max, confirmations, red_packet_enabled) VALUES ('XDR', 201, NULL, 100000000, 1000000000, 100000000000000, 15, true);--> statement-breakpoint
INSERT INTO asset_networks (asset_code, chain_id, contract, withdraw_fee, withdraw_min, withdraw_max, confirmations, red_packet_enabled) VALUES ('XDR', 3, NULL, 500000000, 2000000000, 100000000000000, 12, true);--> statement-breakpoint
INSERT INTO asset_networks (asset_code, chain_id, contract, withdraw_fee, withdraw_min, withdraw_max, confirmations, red_packet_enabled) VALUES ('XDR', 314, NULL, 100000000, 1000000000, 100000000000000, 128, true);--> statement-breakpoint
INSERT INTO asset_networks (asset_code, chain_id, contract, withdraw_fee, withdraw_min, withdraw_max, confirmations, red_packet_enabled) VALUES ('BNB', 201, NULL, 500000000000000, 10000000000000000, 1000000000000000000000, 15, false);--> statement-breakpoint
INSERT INTO asset_networks (asset_code, chain_id, contract, withdraw_fee, withdraw_min, withdraw_max, confirmations, red_packet_enabled) VALUES ('AVAX', 311, NULL, 10000000000000000, 100000000000000000, 10000000000000000000000, 12, false);--> statement-breakpoint
INSERT INTO asset_networks (asset_code, chain_id, contract, withdraw_fee, withdraw_min, withdraw_max, confirmations, red_packet_enabled) VALUES ('ETH', 3, NULL, 1000000000000000, 10000000000000000, 1000000000000000000000, 12, false);--> statement-breakpoint
INSERT INTO asset_networks (asset_code, chain_id, contract, withdraw_fee, withdraw_min, withdraw_max, confirmations, red_packet_enabled) VALUES ('POL', 314, NULL, 100000000000000000, 1000000000000000000, 1000000000000000000000000, 128, false);--> statement-breakpoint
INSERT INTO asset_networks (asset_code, chain_id, contract, withdraw_fee, withdraw_min, withdraw_max, confirmations, red_packet_enabled) VALUES ('SOL', 320, NULL, 10000000, 50000000, 10000000000000, 32, false);--> statement-breakpoint
INSERT INTO asset_networks (asset_code, chain_id, contract, withdraw_fee, withdraw_min, withdraw_max, confirmations, red_packet_enabled) VALUES ('TON', 322, NULL, 50000000, 500000000, 100000000000000, 1, false);--> statement-breakpoint
INSERT INTO asset_networks (asset_code, chain_id, contract, withdraw_fee, withdraw_min, withdraw_max, confirmations, red_packet_enabled) VALUES ('BTC', 1, NULL, 20000, 100000, 10000000000, 3, false);
