package com.polarisex.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
